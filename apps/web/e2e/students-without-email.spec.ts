import { ROSTER_MESSAGES } from '@wellbank/domain';
import { createSchool, paySubscription, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/** Decision 0063: students without e-mail, by roster import and by hand on Staff & students. */

/** Scrolls a card's heading to the top, under the app's header, for its picture. */
async function scrollToCard(page: import('@playwright/test').Page, headingId: string) {
  await page.evaluate((id) => {
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -80);
  }, headingId);
}

test('a coordinator imports a roster with no e-mails: the students are made at once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const csv = [
    'First name,Last name,E-mail,Role,Grade,Homeroom',
    'Ana,Kinder,,student,K,K-1',
    'Ben,Kinder,,student,K,K-1',
    'ana,kinder,,student,K,k-1',
    'Tia,Moe,,staff,,',
  ].join('\n');

  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');
  await page.getByLabel('Roster file (CSV)').setInputFiles({
    name: 'kindergarten.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('table', { name: /Preview/ });
  await expect(preview.getByRole('row', { name: /Ana Kinder/ }).first()).toContainText(
    'New: account without e-mail',
  );
  await expect(preview.getByRole('row', { name: /ana kinder/ })).toContainText(
    ROSTER_MESSAGES.sameStudentInFile(2),
  );
  await expect(preview.getByRole('row', { name: /Tia Moe/ })).toContainText(
    ROSTER_MESSAGES.staffEmail,
  );
  await expect(
    page.getByText('0 new, 2 without e-mail, 0 already members, 0 already invited, 2 with errors.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await scrollToCard(page, 'roster-title');
  await saveScreenshot(page, 'roster-without-email-preview');

  await page.getByRole('button', { name: 'Import 2 new' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '2 student accounts made without e-mail.' }),
  ).toBeVisible();
  // Made at once: on the list, with no address.
  const people = page.getByRole('table').first();
  for (const name of ['Ana Kinder', 'Ben Kinder']) {
    const row = people.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('No e-mail address');
    await expect(row).toContainText('Grade K · K-1');
  }
  await expectNoAxeViolations(page);
});

test('a coordinator adds a student by hand, in English and on a desk', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');

  const card = page.getByRole('region', { name: 'Add a student' });
  await card.getByRole('button', { name: 'Add student' }).click();
  await expect(card.getByText('First name is required')).toBeVisible();
  await card.getByLabel('First name').fill('Lila');
  await card.getByLabel('Last name').fill('Small');
  await card.getByLabel('Grade').fill('13');
  await card.getByRole('button', { name: 'Add student' }).click();
  await expect(card.getByText(ROSTER_MESSAGES.grade)).toBeVisible();
  await card.getByLabel('Grade').fill('kg');
  await card.getByLabel('Homeroom').fill('K-2');
  await card.getByRole('button', { name: 'Add student' }).click();
  await expect(card.getByRole('status')).toHaveText('Lila Small was added.');
  await expect(card.getByLabel('First name')).toHaveValue('');
  const row = page
    .getByRole('table')
    .first()
    .getByRole('row', { name: /Lila Small/ });
  await expect(row).toContainText('No e-mail address');
  await expect(row).toContainText('Grade K · K-2');
  await expectNoAxeViolations(page);
  await scrollToCard(page, 'add-student-title');
  await saveScreenshot(page, 'add-student');

  // The same name in the same homeroom is the same child: refused, with the reason.
  await card.getByLabel('First name').fill('lila');
  await card.getByLabel('Last name').fill('small');
  await card.getByLabel('Homeroom').fill('k-2');
  await card.getByRole('button', { name: 'Add student' }).click();
  await expect(card.getByText(ROSTER_MESSAGES.sameStudentInSchool)).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await scrollToCard(page, 'add-student-title');
  await saveScreenshot(page, 'add-student-desk');
});
