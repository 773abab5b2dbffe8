import type { SessionRecord } from '@wellbank/domain';
import { MESSAGES, ROSTER_MESSAGES } from '@wellbank/domain';
import {
  createSchool,
  joinSchoolAsStudent,
  PASSWORD,
  paySubscription,
  signIn,
  uniqueEmail,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { invitationLinkFor } from './support/outbox.ts';
import { logWater } from './support/school-life.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { SESSION_KEY } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

/** Signs up through an invitation link with the prefilled form: only the password to choose. */
async function acceptInvitation(page: import('@playwright/test').Page, link: string) {
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Verify password').fill(PASSWORD);
  await page.getByLabel(/privacy policy/).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the coordinator imports a roster; the invited sign up without a code; a teacher narrows Student points to their homeroom', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const teacher = uniqueEmail('teacher');
  const pupil = uniqueEmail('pupil');
  const csv = [
    'First name,Last name,E-mail,Role,Grade,Homeroom',
    `Tia,Moe,${teacher},staff,,Room 7`,
    'Bad,Row,not-an-email,student,4,Room 7',
    `Kai,Doe,${pupil},student,4,Room 7`,
  ].join('\n');

  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');
  await expect(page.getByRole('heading', { name: 'Import roster' })).toBeVisible();
  await page.getByLabel('Roster file (CSV)').setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('table', { name: /Preview/ });
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview.getByRole('row', { name: /Tia Moe/ })).toContainText('New: will be invited');
  const bad = preview.getByRole('row', { name: /Bad Row/ });
  await expect(bad).toContainText('3');
  await expect(bad).toContainText(`Error: ${MESSAGES.invalidEmailSignup}`);
  await expect(
    page.getByText(
      '2 new, 0 without e-mail, 0 already members, 0 already invited, 1 with an error.',
    ),
  ).toBeVisible();
  // Paid for 101 students: the 101–300 tier.
  await expect(page.getByText(ROSTER_MESSAGES.cap(300))).toBeVisible();
  await expectNoAxeViolations(page);
  // The picture starts at the import card, under the app's header.
  await page.evaluate(() => {
    document.getElementById('roster-title')?.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -80);
  });
  await saveScreenshot(page, 'roster-preview');

  await page.getByRole('button', { name: 'Import 2 new' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: ROSTER_MESSAGES.importDone(2) }),
  ).toBeVisible();
  const refused = page.getByRole('table', { name: /Rows not imported/ });
  await expect(refused.getByRole('row', { name: /Bad Row/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // The invited teacher opens their link, signed out: the form is prefilled, no school code.
  await page.evaluate(() => localStorage.clear());
  await page.goto(await invitationLinkFor(teacher));
  await expect(page.getByRole('heading', { name: `Welcome to ${school.name}!` })).toBeVisible();
  await expect(page.getByText('You are invited as a staff member.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Tia');
  await expect(page.getByLabel('Email')).toHaveValue(teacher);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'invite-sign-up');
  await acceptInvitation(page, await invitationLinkFor(teacher));

  // The link works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(await invitationLinkFor(teacher));
  await expect(page.getByText(ROSTER_MESSAGES.invitationInvalid)).toBeVisible();

  // The student signs up too and logs a day; a student outside Room 7 logs one as well.
  await acceptInvitation(page, await invitationLinkFor(pupil));
  const kai: SessionRecord = JSON.parse(
    (await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)) ?? '{}',
  );
  await logWater(request, kai, 2);
  const other = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Omar');
  await logWater(request, other, 2);
  await page.evaluate(() => localStorage.clear());

  // The teacher's Student points: everyone active, or only their homeroom.
  await signIn(page, teacher);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/students');
  const mine = page.getByRole('switch', { name: 'My homeroom only (Room 7)' });
  await expect(mine).toBeVisible();
  const names = page.getByRole('table', { name: /Active students' points/ }).getByRole('rowheader');
  await expect(names).toHaveText(['Kai Doe', 'Omar Rivera']);
  await mine.click();
  await expect(mine).toBeChecked();
  await expect(names).toHaveText(['Kai Doe']);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'students-my-homeroom');

  // The coordinator sees and edits grade and homeroom on Staff & students.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');
  const table = page.getByRole('table', { name: 'Staff and students' });
  const kaiRow = table.getByRole('row', { name: /Kai Doe/ });
  await expect(kaiRow).toContainText('Grade 4 · Room 7');
  await kaiRow.getByRole('button', { name: 'Edit grade and homeroom of Kai Doe' }).click();
  await kaiRow.getByLabel('Grade of Kai Doe').fill('5');
  await kaiRow.getByLabel('Homeroom of Kai Doe').fill('Room 8');
  await expectNoAxeViolations(page);
  await kaiRow.getByRole('button', { name: 'Save' }).click();
  await expect(kaiRow).toContainText('Grade 5 · Room 8');
  await page.reload();
  await expect(table.getByRole('row', { name: /Kai Doe/ })).toContainText('Grade 5 · Room 8');
  await saveScreenshot(page, 'school-users-class');
});
