import type { Locator } from '@playwright/test';
import { createSchool, joinSchoolAsStudent, paySubscription, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { listPagesOf, logWater, switchRole } from './support/school-life.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/** The table's names, waiting for the expected ones: the server sorts, so a click re-queries. */
async function expectNames(table: Locator, names: string[]): Promise<void> {
  await expect(table.getByRole('rowheader')).toHaveText(names);
}

type Request = Parameters<typeof createSchool>[0];

async function paidSchool(request: Request) {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  return { school, schoolId: school.coordinator.school.id };
}

async function seedSchool(request: Request) {
  const { school, schoolId } = await paidSchool(request);
  const [zoe, adam] = [
    await joinSchoolAsStudent(request, schoolId, 'Zoe'),
    await joinSchoolAsStudent(request, schoolId, 'Adam'),
  ];
  await joinSchoolAsStudent(request, schoolId, 'Ben'); // never logs: not an active student
  const tess = await joinSchoolAsStudent(request, schoolId, 'Tess');
  const omar = await joinSchoolAsStudent(request, schoolId, 'Omar');
  await switchRole(request, school.coordinator, tess.id, 'staff');
  await switchRole(request, school.coordinator, omar.id, 'staff');
  // Points others see count only closed days (decision 0043): today's are 0 on these pages.
  await logWater(request, zoe, 2);
  await logWater(request, adam, 6);
  await logWater(request, tess, 4);
  return { school, tess };
}

test('the coordinator sorts the staff points table by name, points and last activity', async ({
  page,
  request,
}) => {
  const { school } = await seedSchool(request);
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/staff');

  await expect(page.getByRole('heading', { name: 'Staff points' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Staff points' });
  const name = table.getByRole('columnheader', { name: 'Name' });
  const points = table.getByRole('columnheader', { name: 'Points' });
  const last = table.getByRole('columnheader', { name: 'Last activity' });

  // SPEC.md §9: first name ascending by default.
  await expect(name).toHaveAttribute('aria-sort', 'ascending');
  await expect(points).toHaveAttribute('aria-sort', 'none');
  await expectNames(table, ['Maya Lopez', 'Omar Rivera', 'Tess Rivera']);
  await expect(table.getByRole('row', { name: /Tess Rivera/ })).toContainText('0');
  await expect(
    page.getByText('Points of others and of teams are updated after each school day'),
  ).toBeVisible();
  await expect(table.getByRole('row', { name: /Omar Rivera/ })).toContainText('Never');
  await expect(page.getByText('Showing 3 of 3 staff members')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // Equal points (nobody's day has closed yet) list A→Z whichever way.
  await points.getByRole('button').click();
  await expect(points).toHaveAttribute('aria-sort', 'descending');
  await expect(name).toHaveAttribute('aria-sort', 'none');
  await expectNames(table, ['Maya Lopez', 'Omar Rivera', 'Tess Rivera']);
  await points.getByRole('button').click();
  await expect(points).toHaveAttribute('aria-sort', 'ascending');
  await expectNames(table, ['Maya Lopez', 'Omar Rivera', 'Tess Rivera']);

  // Most recent first; those who never logged stay last whichever way.
  await last.getByRole('button').click();
  await expect(last).toHaveAttribute('aria-sort', 'descending');
  await expectNames(table, ['Tess Rivera', 'Maya Lopez', 'Omar Rivera']);
  await last.getByRole('button').click();
  await expect(last).toHaveAttribute('aria-sort', 'ascending');
  await expectNames(table, ['Tess Rivera', 'Maya Lopez', 'Omar Rivera']);

  await name.getByRole('button').click();
  await expect(name).toHaveAttribute('aria-sort', 'ascending');
  await name.getByRole('button').click();
  await expect(name).toHaveAttribute('aria-sort', 'descending');
  await expectNames(table, ['Tess Rivera', 'Omar Rivera', 'Maya Lopez']);
});

test('a staff member sees the active students, their count and the info box', async ({
  page,
  request,
}) => {
  const { tess } = await seedSchool(request);
  await signIn(page, tess.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/students');

  await expect(page.getByRole('heading', { name: 'Student points' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Students' })).toBeVisible();
  await expect(page.getByText('2 active students')).toBeVisible();
  await expect(
    page.getByText('Active students have logged an activity in the current active interval.'),
  ).toBeVisible();

  const table = page.getByRole('table', { name: "Active students' points" });
  await expectNames(table, ['Adam Rivera', 'Zoe Rivera']);
  const points = table.getByRole('columnheader', { name: 'Points' });
  await points.getByRole('button').click();
  await expect(points).toHaveAttribute('aria-sort', 'descending');
  await expectNames(table, ['Adam Rivera', 'Zoe Rivera']);
  await points.getByRole('button').click();
  await expect(points).toHaveAttribute('aria-sort', 'ascending');
  await expectNames(table, ['Adam Rivera', 'Zoe Rivera']);
  // Today's water is in their own points only until the day closes (decision 0043).
  await expect(table.getByRole('row', { name: /Adam Rivera/ })).toContainText('0');
});

test('Show more adds the next page of students below, in the chosen order', async ({
  page,
  request,
}) => {
  const { school, schoolId } = await paidSchool(request);
  const names = ['Ivy', 'Cole', 'Ana', 'Eli', 'Gus'];
  for (const [index, first] of names.entries()) {
    const student = await joinSchoolAsStudent(request, schoolId, first);
    await logWater(request, student, index + 1); // Ivy first … Gus last
  }
  await listPagesOf(page, 3); // the app asks for 100 a page; 3 shows paging with 5 students
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/students');

  const table = page.getByRole('table', { name: "Active students' points" });
  await expectNames(table, ['Ana Rivera', 'Cole Rivera', 'Eli Rivera']);
  // The count is the whole list's (X-Total-Count), not the page's.
  await expect(page.getByText('5 active students')).toBeVisible();
  await expect(page.getByText('Showing 3 of 5 students')).toBeVisible();
  const more = page.getByRole('button', { name: 'Show more' });
  const box = await more.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'student-points-more');

  await more.click();
  await expectNames(table, ['Ana Rivera', 'Cole Rivera', 'Eli Rivera', 'Gus Rivera', 'Ivy Rivera']);
  await expect(page.getByText('Showing 5 of 5 students')).toBeVisible();
  await expect(more).toHaveCount(0);
  // Focus moves to the first added row, where reading goes on.
  await expect(table.getByRole('rowheader', { name: 'Gus Rivera' })).toBeFocused();

  // A header click starts the new order from its first page.
  await table.getByRole('columnheader', { name: 'Last activity' }).getByRole('button').click();
  await expectNames(table, ['Gus Rivera', 'Eli Rivera', 'Ana Rivera']);
  await more.click();
  await expectNames(table, ['Gus Rivera', 'Eli Rivera', 'Ana Rivera', 'Cole Rivera', 'Ivy Rivera']);
});
