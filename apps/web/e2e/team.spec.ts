import {
  createSchool,
  joinSchoolAsStudent,
  joinTeamAsCommunityMember,
  openMenu,
  paySubscription,
  signIn,
} from './support/accounts.ts';
import { logWater } from './support/school-life.ts';
import { expect, test } from './support/test.ts';

test("a student sees their team's rank, points and leaderboard, and the sidebar counters", async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const schoolId = school.coordinator.school.id;
  const nora = await joinSchoolAsStudent(request, schoolId, 'Nora');
  const leo = await joinSchoolAsStudent(request, schoolId, 'Leo');
  // Team points count closed days only (decision 0043): today's teams tie at 0, all 1st.
  await logWater(request, leo, 8);
  await logWater(request, nora, 4); // Nora's own 20 points: live on her own row
  if (nora.team_id === null) throw new Error('a student captains a team');
  await joinTeamAsCommunityMember(request, nora.team_id, 'Rosa');
  await joinTeamAsCommunityMember(request, nora.team_id, 'Ivan');

  await signIn(page, nora.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/team');

  await expect(page.getByRole('heading', { name: 'Team Nora R.' })).toBeVisible();
  const stats = page.getByRole('definition');
  await expect(stats).toHaveText(['3', '1st', '0']);
  await expect(page.getByRole('term')).toHaveText(['Total teams', 'Team rank', 'Team points']);

  await expect(page.getByRole('heading', { name: 'My Team Leaderboard' })).toBeVisible();
  const board = page.getByRole('table', { name: 'My Team Leaderboard' });
  for (const name of ['Ranking', 'Name', 'Points']) {
    await expect(board.getByRole('columnheader', { name })).toBeVisible();
  }
  const rows = board.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  // Nora is first with 20 points, shown as YOU with the gold medal named in text.
  await expect(rows.nth(0)).toContainText('1st');
  await expect(rows.nth(0)).toContainText('Gold');
  await expect(rows.nth(0).getByRole('rowheader')).toHaveText('YOU');
  await expect(rows.nth(0)).toContainText('20');
  // The two family members tie at 0 points and share second place, with no medal at 0.
  for (const index of [1, 2]) {
    await expect(rows.nth(index)).toContainText('2nd');
    await expect(rows.nth(index)).not.toContainText('Silver');
  }
  expect(await board.getByRole('rowheader').allTextContents()).toEqual([
    'YOU',
    'Ivan Family',
    'Rosa Family',
  ]);
  await expect(
    page.getByText('Points of others and of teams are updated after each school day'),
  ).toBeVisible();

  await openMenu(page);
  const menu = page.getByRole('dialog');
  // School: Maya's team (1), Leo's (1), Nora's with two family members (3).
  await expect(menu.getByText('5 influenced by our school')).toBeVisible();
  await expect(menu.getByText('3 influenced by me')).toBeVisible();
});

test('the leader of the school sees 1st', async ({ page, request }) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const leo = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Leo');
  await logWater(request, leo, 2);
  await signIn(page, leo.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/team');
  await expect(page.getByRole('definition')).toHaveText(['2', '1st', '0']);
  await expect(page.getByRole('table', { name: 'My Team Leaderboard' })).toContainText('YOU');
});
