import {
  createSchool,
  joinSchoolAsStudent,
  openMenu,
  paySubscription,
  signIn,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { keepScreenshot } from './support/daily-logging.ts';
import { expect, test } from './support/test.ts';

/** Issue 31 §5 (decision 0046): the coordinator renames or resets any team of the school. */
test('a coordinator finds a team, renames it past the word filter, resets it, and the log says so', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const schoolId = school.coordinator.school.id;
  await joinSchoolAsStudent(request, schoolId, 'Nora');
  await joinSchoolAsStudent(request, schoolId, 'Leo');

  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openMenu(page);
  await page.getByRole('link', { name: 'Teams' }).click();
  await expect(page).toHaveURL(/\/schools\/teams$/);
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  const teams = page.getByRole('list', { name: 'Teams' });
  await expect(teams.getByRole('listitem')).toHaveCount(3);

  await page.getByLabel('Team or captain name').fill('nora');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(teams.getByRole('listitem')).toHaveCount(1);
  const nora = teams.getByRole('listitem').first();
  await expect(nora.getByRole('heading', { name: 'Nora R.' })).toBeVisible();
  await expect(nora).toContainText('Captain: Nora Rivera');
  await expectNoAxeViolations(page);

  await nora.getByRole('button', { name: 'Rename Nora R.' }).click();
  const field = page.getByLabel('New name for Nora R.');
  await expect(field).toBeFocused();
  await field.fill('Sh1t Happens');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(
    page.getByText(
      'Please choose another name: team names are seen by every family of the school.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, 'school-teams-refused');

  await field.fill('The Comets');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Team renamed.' })).toBeVisible();
  await page.getByLabel('Team or captain name').fill('');
  await page.getByRole('button', { name: 'Search' }).click();
  const comets = teams.getByRole('listitem').filter({ hasText: 'The Comets' });
  await expect(comets.getByRole('heading', { name: 'The Comets' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'school-teams-renamed');

  await comets.getByRole('button', { name: 'Reset name of The Comets' }).click();
  await expect(teams.getByRole('heading', { name: 'Nora R.' })).toBeVisible();
  await expect(teams.getByRole('heading', { name: 'The Comets' })).toHaveCount(0);

  await page.goto('/schools/audit');
  const log = page.getByRole('main');
  await expect(log).toContainText('renamed the team Nora R. to The Comets');
  await expect(log).toContainText('renamed the team The Comets to Nora R.');
});
