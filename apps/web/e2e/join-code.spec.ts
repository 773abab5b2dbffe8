import {
  createSchool,
  joinSchoolAsStudent,
  openMenu,
  paySubscription,
  signIn,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { joinLinkFor } from './support/outbox.ts';
import { expect, test } from './support/test.ts';

/** Issue 34 §4, decision 0061: the school's join code is findable by the people who hand it out. */

test('the coordinator finds the school code in the welcome mail, the menu, Staff & students and the poster', async ({
  page,
  context,
  request,
}) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);

  // The welcome mail's link opens the join page with the code filled in.
  await page.goto(await joinLinkFor(school.coordinator.email));
  await expect(page.getByLabel('School Code')).toHaveValue(school.code);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(`Would you like to join "${school.name}"?`)).toBeVisible();

  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openMenu(page);
  const menu = page.getByRole('dialog');
  await expect(menu.getByText(`School code ${school.code}`)).toBeVisible();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await menu.getByRole('button', { name: 'Copy the school code' }).click();
  await expect(menu.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(school.code);

  await menu.getByRole('link', { name: 'Staff & students' }).click();
  const panel = page.getByRole('region', { name: 'Joining your school' });
  await expect(panel.getByText(school.code, { exact: true })).toBeVisible();
  await panel.getByRole('link', { name: 'Print join poster' }).click();

  await expect(page).toHaveURL(/\/schools\/join-poster$/);
  await expect(
    page.getByRole('heading', { name: `Join ${school.name} on Wellbank` }),
  ).toBeVisible();
  await expect(page.getByText(school.code, { exact: true })).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code of the join link' });
  await expect(qr).toBeVisible();
  // A finder pattern's corner module is dark: a code is drawn, not an empty box.
  expect(await qr.locator('path').getAttribute('d')).toMatch(/^M0 0h1v1h-1z/);
  await expect(page.getByText(`/sign-up/join/schools?code=${school.code}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Printed, the poster stands alone: no app header, no Print button.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(qr).toBeVisible();
});

test('a student sees no school code and is sent away from the poster', async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id);
  await signIn(page, student.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openMenu(page);
  await expect(page.getByRole('dialog').getByText('influenced by our school')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('School code')).toHaveCount(0);
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Join poster' })).toHaveCount(0);

  await page.goto('/schools/join-poster');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(school.code)).toHaveCount(0);
});
