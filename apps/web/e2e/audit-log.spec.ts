import { POLICY_VERSION } from '@wellbank/domain';
import {
  createSchool,
  joinSchoolAsStudent,
  openMenu,
  paySubscription,
  signIn,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

test('the activity log lists what the coordinator just did, newest first', async ({
  page,
  request,
}) => {
  test.slow(); // two sign-ins, three pages of changes, then the log, on two shared cores
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  await joinSchoolAsStudent(request, school.coordinator.school.id, 'Nora');

  // A wrong password first: logged against the account, with no one as its actor.
  await signIn(page, school.coordinator.email, 'not-the-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/schools/semesters');
  await page.getByLabel('Start date').fill('01/05/2025');
  await page.getByLabel('End date').fill('03/31/2025');
  await page.getByLabel('Points needed').fill('750');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('status')).toHaveText('Interval created.');
  const interval = page.getByRole('switch', { name: 'Active: 01/05/2025 to 03/31/2025' });
  await interval.click();
  await expect(interval).toBeChecked();

  await page.goto('/schools/users');
  const nora = page.getByRole('switch', { name: 'Staff: Nora Rivera' });
  await nora.click();
  await expect(nora).toBeChecked();

  await openMenu(page);
  await page.getByRole('dialog').getByRole('link', { name: 'Activity log' }).click();
  await expect(page).toHaveURL(/\/schools\/audit$/);
  await expect(page.getByRole('heading', { name: 'Activity log', level: 1 })).toBeVisible();
  const entries = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
  await expect(entries.first()).toContainText('Maya Lopez made Nora Rivera staff');
  const newestFirst = [
    'Maya Lopez made Nora Rivera staff',
    'Maya Lopez viewed a page of Staff & students',
    'Maya Lopez activated the interval 01/05/2025 to 03/31/2025',
    'Maya Lopez created the interval 01/05/2025 to 03/31/2025',
    'Maya Lopez signed in',
    'Someone failed to sign in as Maya Lopez',
    `Nora Rivera agreed to the policies (version ${POLICY_VERSION})`,
    "Maya Lopez paid the school's subscription",
  ];
  const texts = await entries.locator('p:first-child').allTextContents();
  expect(texts.slice(0, newestFirst.length)).toEqual(newestFirst);
  // When, in the school's time zone (Denver), and from where.
  await expect(entries.first()).toContainText(/M[SD]T · from (127\.0\.0\.1|0:0:0:0::\/64)/);
  await expect(page.getByText(/^Showing \d+ of \d+ entries$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'audit-log-walk');
});
