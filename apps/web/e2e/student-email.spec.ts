import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { MESSAGES } from '@wellbank/domain';
import {
  type Account,
  createSchool,
  paySubscription,
  setLanguage,
  signIn,
  uniqueEmail,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { resetLinkFor } from './support/outbox.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { signInThroughStorage } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 34 / decision 0063: staff give a student without e-mail an address on Staff & students;
 * the student follows the mailed link, chooses a password and then signs in with it.
 */

async function paidSchoolWithNameOnlyStudent(request: APIRequestContext) {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const response = await request.post(`/api/v1/schools/${school.coordinator.school.id}/students`, {
    headers: { authorization: `Bearer ${school.coordinator.token}` },
    data: { first_name: 'Ivy', last_name: 'Later', homeroom: 'K-1' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return school;
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, scale: 'css', animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  await saveScreenshot(page, name);
}

function studentRow(page: Page) {
  return page
    .getByRole('table')
    .first()
    .getByRole('row', { name: /Ivy Later/ });
}

test('staff add an e-mail to a student without one, who then chooses a password and signs in', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { coordinator } = await paidSchoolWithNameOnlyStudent(request);
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');

  const row = studentRow(page);
  await expect(row).toContainText('No e-mail address');
  // Only a row without an address offers it: the coordinator's own row has none.
  await expect(page.getByRole('button', { name: /^Add e-mail for/ })).toHaveCount(1);
  await row.getByRole('button', { name: 'Add e-mail for Ivy Later' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add an e-mail address for Ivy Later' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog.getByText(MESSAGES.invalidEmailSignup)).toBeVisible();
  // Another account's address: the server's 409, shown in the dialog.
  await dialog.getByLabel('E-mail address').fill(coordinator.email);
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog.getByText(MESSAGES.emailTaken)).toBeVisible();
  const email = uniqueEmail('ivy');
  await dialog.getByLabel('E-mail address').fill(email);
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'student-email-dialog');
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({
      hasText: `Ivy Later has the e-mail address ${email}: a link to choose a password`,
    }),
  ).toBeVisible();
  await expect(row).toContainText(email);
  await expect(row.getByRole('button', { name: /Add e-mail/ })).toHaveCount(0);
  await shoot(page, testInfo, 'student-email-added');

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'student-email-added-desk');

  // The student follows the mailed link, chooses a password, and is signed in.
  const link = await resetLinkFor(email);
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill('ivy-first-1');
  await page.getByLabel('Password confirmation').fill('ivy-first-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Signed out, the address and that password sign in the usual way.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, 'ivy-first-1');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-US' });

  test('the add-e-mail action, dialog and answer read in Spanish, on a phone and a desk', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { coordinator } = await paidSchoolWithNameOnlyStudent(request);
    await setLanguage(request, coordinator as Account, 'es');
    await signInThroughStorage(page, request, coordinator.email);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/schools/users');

    const row = studentRow(page);
    await expect(row).toContainText('Sin correo electrónico');
    await row.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'student-email-row-desk-es');
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: 'Agregar correo para Ivy Later' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Agregar un correo electrónico para Ivy Later',
    });
    await expect(dialog).toContainText('sirve durante una semana');
    const email = uniqueEmail('ivy-es');
    await dialog.getByLabel('Correo electrónico').fill(email);
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, 'student-email-dialog-es');
    await dialog.getByRole('button', { name: 'Enviar el enlace' }).click();
    await expect(
      page.getByRole('status').filter({
        hasText: `Ivy Later tiene el correo electrónico ${email}: se envió allí un enlace`,
      }),
    ).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await row.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'student-email-added-desk-es');
  });
});
