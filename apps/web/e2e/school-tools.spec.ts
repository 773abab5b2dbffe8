import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import {
  addDays,
  INTERVAL_MESSAGES,
  isoToUsDate,
  localDate,
  PAYMENT_MESSAGES,
} from '@wellbank/domain';
import { createSchool, joinSchoolAsStudent, paySubscription, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { keepScreenshot } from './support/daily-logging.ts';
import { logWater } from './support/school-life.ts';
import { expect, test } from './support/test.ts';

/** Issue #16 §3, 5–7: list downloads, the school's team ranking, intervals done right. */

const BOM = '\uFEFF';

/** Clicks the page's "Download CSV", waits for the file and reads it as text. */
async function downloadCsv(page: Page): Promise<{ download: Download; text: string }> {
  const button = page.getByRole('button', { name: 'Download CSV' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = await readFile(await download.path(), 'utf8');
  await expect(
    page.getByText(`Your download has started: ${download.suggestedFilename()}`),
  ).toBeVisible();
  return { download, text };
}

test('a coordinator downloads Staff points, Student points and Staff & students as CSV', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // a school, three students, three pages, three downloads and axe scans
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const schoolId = school.coordinator.school.id;
  const nora = await joinSchoolAsStudent(request, schoolId, 'Nora');
  const evil = await joinSchoolAsStudent(request, schoolId, '=HYPERLINK("x")');
  const leo = await joinSchoolAsStudent(request, schoolId, 'Leo');
  await logWater(request, nora, 2); // 10 points
  await logWater(request, evil, 4); // 20 points
  await logWater(request, leo, 6); // 30 points

  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/schools/staff');
  await expect(page.getByRole('table', { name: 'Staff points' })).toBeVisible();
  await expectNoAxeViolations(page);
  const staff = await downloadCsv(page);
  expect(staff.download.suggestedFilename()).toMatch(/^wellbank-staff-points-[\d-]{10}\.csv$/);
  expect(staff.text.startsWith(`${BOM}First name,Last name,Points,Last activity\r\n`)).toBe(true);
  expect(staff.text).toContain('Maya,Lopez,0,');

  await page.goto('/schools/students');
  const students = page.getByRole('table', { name: "Active students' points" });
  await students.getByRole('button', { name: /Last activity/ }).click(); // the latest first
  await expect(students.getByRole('row').nth(1)).toContainText('Leo');
  await expectNoAxeViolations(page);
  const active = await downloadCsv(page);
  expect(active.download.suggestedFilename()).toMatch(/^wellbank-student-points-[\d-]{10}\.csv$/);
  const lines = active.text.slice(BOM.length).split('\r\n');
  expect(lines[0]).toBe('First name,Last name,Points,Last activity');
  // The page's order, and a name that starts like a formula kept as text.
  // Points as others see them: today's are not in them yet (decision 0043).
  expect(lines[1]).toMatch(/^Leo,Rivera,0,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  expect(lines[2]).toMatch(/^"'=HYPERLINK\(""x""\)",Rivera,0,/);
  expect(lines[3]).toMatch(/^Nora,Rivera,0,/);
  await page.getByText(/Your download has started/).scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'student-points-csv');

  await page.goto('/schools/users');
  await expect(page.getByRole('table', { name: 'Staff and students' })).toBeVisible();
  await expectNoAxeViolations(page);
  const people = await downloadCsv(page);
  expect(people.download.suggestedFilename()).toMatch(
    /^wellbank-staff-and-students-[\d-]{10}\.csv$/,
  );
  expect(people.text.startsWith(`${BOM}First name,Last name,Email,Role,Team size\r\n`)).toBe(true);
  expect(people.text).toContain(`Nora,Rivera,${nora.email},student,1\r\n`);
  expect(people.text.toLowerCase()).not.toContain('stress');
});

test('the team page ranks the school’s teams, no medal at 0 points, and the captain renames the team', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const schoolId = school.coordinator.school.id;
  const nora = await joinSchoolAsStudent(request, schoolId, 'Nora');
  const leo = await joinSchoolAsStudent(request, schoolId, 'Leo');
  const ava = await joinSchoolAsStudent(request, schoolId, 'Ava');
  // Team points count closed days only (decision 0043): today's teams all tie at 0, by name.
  await logWater(request, leo, 8);
  await logWater(request, ava, 6);
  await logWater(request, nora, 4);

  await signIn(page, nora.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'School Team Ranking' })).toBeVisible();
  const ranking = page.getByRole('table', { name: 'School Team Ranking' });
  for (const name of ['Ranking', 'Team', 'Points']) {
    await expect(ranking.getByRole('columnheader', { name })).toBeVisible();
  }
  const rows = ranking.getByRole('row');
  await expect(rows).toHaveCount(5);
  // A medal is earned: at 0 points a shared 1st has none (issue 35 §2).
  await expect(rows.nth(1)).toContainText(/1st\s*Ava R\.\s*0/);
  await expect(rows.nth(2)).toContainText(/1st\s*Leo R\.\s*0/);
  await expect(rows.nth(3)).toContainText(/1st\s*Maya L\.\s*0/);
  await expect(rows.nth(4)).toContainText(/1st\s*Nora R\.\s*\(your team\)\s*0/);
  await expect(ranking).not.toContainText('Gold');
  await expect(rows.nth(4)).toHaveAttribute('aria-current', 'true');
  await expectNoAxeViolations(page);
  await page.getByRole('heading', { name: 'School Team Ranking' }).scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'team-school-ranking');

  // The captain renames the team; the ranking and the title follow.
  await page.getByRole('button', { name: 'Rename team' }).click();
  const field = page.getByLabel('Team name');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Nora R.');
  await field.fill('   ');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Team name is required')).toBeVisible();
  await field.fill('The Rockets');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Team renamed.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Team The Rockets' })).toBeVisible();
  await expect(rows.nth(4)).toContainText('The Rockets'); // equal points: by name
});

test('intervals: an overlap is refused by name, an interval is edited and deleted with a confirmation', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Nora');
  await logWater(request, student, 2); // a day logged in the sign-up interval
  const today = localDate(new Date(), 'America/Denver');
  const signUpInterval = { start_date: today, end_date: addDays(today, 120) };
  const later = { start_date: addDays(today, 200), end_date: addDays(today, 260) };
  const us = (iso: string) => isoToUsDate(iso);

  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/semesters');
  const table = page.getByRole('table', { name: 'Intervals' });
  await expect(table.getByRole('row')).toHaveCount(2);

  // An interval over the sign-up one is refused, naming it.
  await page.getByLabel('Start date').fill(us(addDays(today, 100)));
  await page.getByLabel('End date').fill(us(addDays(today, 150)));
  await page.getByLabel('Points needed').fill('500');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('alert')).toContainText(INTERVAL_MESSAGES.overlaps(signUpInterval));

  await page.getByLabel('Start date').fill(us(later.start_date));
  await page.getByLabel('End date').fill(us(later.end_date));
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('status')).toHaveText('Interval created.');
  await expect(table.getByRole('row')).toHaveCount(3);

  // Activating an interval that has not started asks first; Cancel leaves things as they were.
  const laterLabel = `${us(later.start_date)} to ${us(later.end_date)}`;
  const laterSwitch = table.getByRole('switch', { name: `Active: ${laterLabel}` });
  await laterSwitch.click();
  const ask = page.getByRole('alertdialog', { name: 'Activate an interval that has not started?' });
  await expect(ask).toContainText(INTERVAL_MESSAGES.confirmActivateFuture(later));
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(laterSwitch).not.toBeChecked();
  await expect(laterSwitch).toBeFocused();

  // Edit: a dialog with the interval's values; Save changes the row.
  await table.getByRole('button', { name: `Edit ${laterLabel}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit interval' });
  await expect(edit.getByLabel('Start date')).toHaveValue(us(later.start_date));
  await expect(edit.getByLabel('Points needed')).toHaveValue('500');
  await edit.getByLabel('Points needed').fill('900');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, 'interval-edit-dialog');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(`Interval ${laterLabel} saved.`);
  await expect(table.getByRole('row', { name: new RegExp(us(later.start_date)) })).toContainText(
    '900',
  );
  await keepScreenshot(page, testInfo, 'intervals');

  // The sign-up interval has a logged day: its deletion is refused, in the dialog.
  const firstLabel = `${us(signUpInterval.start_date)} to ${us(signUpInterval.end_date)}`;
  await table.getByRole('button', { name: `Delete ${firstLabel}` }).click();
  const refuse = page.getByRole('alertdialog', { name: 'Delete interval' });
  await expect(refuse).toContainText(INTERVAL_MESSAGES.confirmDelete(signUpInterval));
  await refuse.getByRole('button', { name: 'Delete interval' }).click();
  await expect(refuse.getByRole('alert')).toContainText(INTERVAL_MESSAGES.hasLoggedDays(1));
  await refuse.getByRole('button', { name: 'Cancel' }).click();

  // The later one has none: deleted after the confirmation.
  await table.getByRole('button', { name: `Delete ${laterLabel}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete interval' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete interval' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(`Interval ${laterLabel} deleted.`);
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('a student sees before joining that the school’s subscription is not paid', async ({
  page,
  request,
}) => {
  const school = await createSchool(request); // not paid
  await page.goto('/sign-up/join/schools');
  await page.getByLabel('School Code').fill(school.code);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('School found!')).toBeVisible();
  const notice = PAYMENT_MESSAGES.joinUnpaid(school.name);
  await expect(page.getByText(notice)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { name: `Welcome to ${school.name}!` })).toBeVisible();
  await expect(page.getByText(notice)).toBeVisible();
});

test('a coordinator of a school above 5,000 students is given a way to ask for a quote', async ({
  page,
  request,
}) => {
  const school = await createSchool(request); // not paid: the subscription page opens
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/subscription-payments$/);
  await page.getByLabel('Number of students').fill('6000');
  const ask = page.getByRole('link', { name: 'Ask for a quote by e-mail' });
  await expect(ask).toHaveAttribute(
    'href',
    `mailto:quotes@wellbank.local?subject=${encodeURIComponent('Wellbank quote for 6,000 students')}`,
  );
  await expect(
    page.getByText(PAYMENT_MESSAGES.quoteRequest('quotes@wellbank.local')),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
