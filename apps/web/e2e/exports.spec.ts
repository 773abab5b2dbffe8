import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { createSchool, joinSchoolAsStudent, paySubscription, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { keepScreenshot } from './support/daily-logging.ts';
import { logActivity } from './support/school-life.ts';
import { expect, test } from './support/test.ts';

/** Issue 13: a person downloads their own data, a coordinator the school's, and both read. */

const STRESS = { people: 4, money: 1, personal: 2, clock: 3, health: 5 };

async function schoolWithStressedStudent(request: Parameters<typeof createSchool>[0]) {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Nora');
  await logActivity(request, student, { type: 'stress', values: STRESS });
  await logActivity(request, student, { type: 'water', values: { cups: 2 } });
  return { ...school, student };
}

test('a student downloads their data from the profile, stress ratings included', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // a school signed up, paid and logged in, an axe scan and a download
  const { student } = await schoolWithStressedStudent(request);
  await signIn(page, student.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');

  const button = page.getByRole('button', { name: 'Download my data' });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^wellbank-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const region = page.getByRole('region', { name: 'Your data' });
  await expect(region.getByRole('status')).toContainText('Your download has started');
  await region.getByRole('status').scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'profile-my-data');

  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.account.email).toBe(student.email);
  const activities = data.days.flatMap(
    (day: { activities: { activity_type: string }[] }) => day.activities,
  );
  const stress = activities.find((a: { activity_type: string }) => a.activity_type === 'stress');
  expect(
    Object.fromEntries(
      stress.properties.map((p: { property_key: string; property_value: number }) => [
        p.property_key,
        p.property_value,
      ]),
    ),
  ).toEqual(STRESS);
  expect(JSON.stringify(data)).not.toContain(student.token);
});

test('a coordinator downloads the school as a ZIP of CSV files without stress', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // a school signed up, paid and logged in, an axe scan and a download
  const { coordinator, student } = await schoolWithStressedStudent(request);
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');

  const button = page.getByRole('button', { name: 'Download school data (ZIP)' });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^wellbank-school-${coordinator.school.id}-[\\d-]{10}\\.zip$`),
  );
  const region = page.getByRole('region', { name: 'School data' });
  await expect(region.getByRole('status')).toContainText('Your download has started');
  await region.getByRole('status').scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'school-users-data');

  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const text = (name: string) => new TextDecoder().decode(files[name]);
  expect(Object.keys(files).sort()).toEqual([
    'activities.csv',
    'daily_summaries.csv',
    'intervals.csv',
    'payments.csv',
    'teams.csv',
    'users.csv',
  ]);
  expect(text('users.csv')).toContain(student.email);
  // Only the days nobody can change any more are in the school's files (decision 0043): the
  // student's day of today is not, and no file says what any activity earned.
  expect(text('activities.csv').trim().split(/\r?\n/)).toEqual([
    'user_id,local_date,activity_type',
  ]);
  for (const name of Object.keys(files)) expect(text(name), name).not.toMatch(/stress/);
});
