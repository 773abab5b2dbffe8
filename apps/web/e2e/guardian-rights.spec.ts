import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import {
  bearer,
  createSchool,
  joinSchoolAsStudent,
  PASSWORD,
  paySubscription,
  setLanguage,
  signIn,
  uniqueEmail,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { logActivity } from './support/school-life.ts';
import { attachAtBothWidths } from './support/screenshots.ts';
import { expect as baseExpect, test } from './support/test.ts';

/*
 * Issue 36 §2, decision 0081: a guardian downloads their child's data (no stress in it) and asks
 * the school to delete it; the coordinator declines on Staff & students, the guardian sees the
 * answer and asks again (in Spanish), and the coordinator deletes the child.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const STRESS = { people: 4, money: 1, personal: 2, clock: 3, health: 5 };

async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    timezoneId: 'America/Denver',
  });
  return context.newPage();
}

test('a guardian downloads the child’s data and asks for its deletion; the coordinator declines, then deletes', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Nora');
  await logActivity(request, student, { type: 'stress', values: STRESS });
  await logActivity(request, student, { type: 'water', values: { cups: 2 } });
  const code = await request.post(`/api/v1/users/${student.id}/family-code`, {
    headers: bearer(school.coordinator),
  });
  expect(code.ok(), await code.text()).toBe(true);
  const email = uniqueEmail('parent');
  const signUp = await request.post('/api/v1/family/sign-up', {
    data: {
      code: (await code.json()).code,
      user: {
        first_name: 'Rosa',
        last_name: 'Rivera',
        email,
        password: PASSWORD,
        verify_password: PASSWORD,
      },
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const name = `${student.first_name} ${student.last_name}`;

  // The guardian downloads the child's data: the days are there, stress is not.
  const parent = await phone(browser);
  await signIn(parent, email);
  await expect(parent).toHaveURL(/\/family$/);
  const downloadButton = parent.getByRole('button', { name: `Download ${name}'s data` });
  await expect(downloadButton).toBeVisible();
  const [download] = await Promise.all([parent.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^wellbank-child-${student.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const text = await readFile(await download.path(), 'utf8');
  const data = JSON.parse(text);
  expect(data.account.first_name).toBe(student.first_name);
  expect(data.days[0].activities.map((a: { activity_type: string }) => a.activity_type)).toEqual([
    'water',
  ]);
  expect(text).not.toContain('stress');
  expect(text).not.toContain('balance');

  // The request, after a confirmation that says what a deletion means.
  await parent.getByRole('button', { name: `Ask the school to delete ${name}'s data` }).click();
  const dialog = parent.getByRole('alertdialog', {
    name: `Ask the school to delete ${name}'s data?`,
  });
  await expect(dialog).toContainText('gone for good');
  await expectNoAxeViolations(parent);
  await dialog.getByRole('button', { name: 'Send the request' }).click();
  await expect(
    parent.getByText('The school has not answered yet.', { exact: false }),
  ).toBeVisible();
  await expect(
    parent.getByRole('button', { name: `Ask the school to delete ${name}'s data` }),
  ).toHaveCount(0);
  await expectNoAxeViolations(parent);
  await attachAtBothWidths(parent, testInfo, 'guardian-rights-asked');

  // The coordinator sees it on Staff & students and declines.
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');
  const requests = page.getByRole('region', { name: "Requests to delete a child's data" });
  await expect(requests.getByRole('paragraph').filter({ hasText: name })).toBeVisible();
  await expect(requests.getByText('Asked by Rosa Rivera on', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'deletion-requests-coordinator');
  await requests.getByRole('button', { name: `Decline ${name}` }).click();
  await expect(requests.getByRole('status')).toContainText(
    `The request about ${name} was declined.`,
  );

  // The guardian sees the answer and, in Spanish, asks again.
  await parent.reload();
  await expect(
    parent.getByText('The school declined your request', { exact: false }),
  ).toBeVisible();
  const session = JSON.parse((await signUp.text()) || '{}');
  await setLanguage(request, session, 'es');
  await parent.reload();
  const again = parent.getByRole('button', {
    name: `Pedir a la escuela que borre los datos de ${name}`,
  });
  await expect(parent.getByText('La escuela rechazó su solicitud', { exact: false })).toBeVisible();
  await expect(
    parent.getByRole('button', { name: `Descargar los datos de ${name}` }),
  ).toBeVisible();
  await attachAtBothWidths(parent, testInfo, 'guardian-rights-declined-es');
  await again.click();
  await parent
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Enviar la solicitud' })
    .click();
  await expect(
    parent.getByText('La escuela aún no ha respondido.', { exact: false }),
  ).toBeVisible();

  // The coordinator deletes the child, as Remove does.
  await page.reload();
  await requests.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  await confirm.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(requests.getByRole('status')).toContainText(`${name} was removed.`);
  const gone = await request.get(`/api/v1/users/${student.id}`, { headers: bearer(student) });
  expect(gone.status()).toBe(401);

  // The guardian sees it done, and no child.
  await parent.reload();
  await expect(
    parent.getByText('La escuela borró los datos de un niño', { exact: false }),
  ).toBeVisible();
  await expect(parent.getByRole('button', { name: `Descargar los datos de ${name}` })).toHaveCount(
    0,
  );
  await expectNoAxeViolations(parent);
  await attachAtBothWidths(parent, testInfo, 'guardian-rights-done-es');
  await parent.context().close();
});
