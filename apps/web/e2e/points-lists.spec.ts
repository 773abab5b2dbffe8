import { expect, type Locator, test } from '@playwright/test';
import { createSchool, joinSchoolAsStudent, paySubscription, signIn } from './support/accounts.ts';
import { logWater, switchRole } from './support/school-life.ts';

async function names(table: Locator): Promise<string[]> {
  return table.getByRole('rowheader').allTextContents();
}

async function seedSchool(request: Parameters<typeof createSchool>[0]) {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const schoolId = school.coordinator.school.id;
  const [zoe, adam] = [
    await joinSchoolAsStudent(request, schoolId, 'Zoe'),
    await joinSchoolAsStudent(request, schoolId, 'Adam'),
  ];
  await joinSchoolAsStudent(request, schoolId, 'Ben'); // never logs: not an active student
  const tess = await joinSchoolAsStudent(request, schoolId, 'Tess');
  const omar = await joinSchoolAsStudent(request, schoolId, 'Omar');
  await switchRole(request, school.coordinator, tess.id, 'staff');
  await switchRole(request, school.coordinator, omar.id, 'staff');
  await logWater(request, zoe, 2); // 10 points
  await logWater(request, adam, 6); // 30 points
  await logWater(request, tess, 4); // 20 points
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
  expect(await names(table)).toEqual(['Maya Lopez', 'Omar Rivera', 'Tess Rivera']);
  await expect(table.getByRole('row', { name: /Tess Rivera/ })).toContainText('20');
  await expect(table.getByRole('row', { name: /Omar Rivera/ })).toContainText('Never');

  await points.getByRole('button').click();
  await expect(points).toHaveAttribute('aria-sort', 'descending');
  await expect(name).toHaveAttribute('aria-sort', 'none');
  expect(await names(table)).toEqual(['Tess Rivera', 'Maya Lopez', 'Omar Rivera']);
  await points.getByRole('button').click();
  await expect(points).toHaveAttribute('aria-sort', 'ascending');
  expect(await names(table)).toEqual(['Maya Lopez', 'Omar Rivera', 'Tess Rivera']);

  await last.getByRole('button').click();
  await expect(last).toHaveAttribute('aria-sort', 'descending');
  expect((await names(table))[0]).toBe('Tess Rivera');

  await name.getByRole('button').click();
  await expect(name).toHaveAttribute('aria-sort', 'ascending');
  await name.getByRole('button').click();
  await expect(name).toHaveAttribute('aria-sort', 'descending');
  expect(await names(table)).toEqual(['Tess Rivera', 'Omar Rivera', 'Maya Lopez']);
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
  expect(await names(table)).toEqual(['Adam Rivera', 'Zoe Rivera']);
  const points = table.getByRole('columnheader', { name: 'Points' });
  await points.getByRole('button').click();
  expect(await names(table)).toEqual(['Adam Rivera', 'Zoe Rivera']);
  await points.getByRole('button').click();
  await expect(points).toHaveAttribute('aria-sort', 'ascending');
  expect(await names(table)).toEqual(['Zoe Rivera', 'Adam Rivera']);
  await expect(table.getByRole('row', { name: /Adam Rivera/ })).toContainText('30');
});
