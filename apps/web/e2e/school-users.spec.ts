import { createSchool, joinSchoolAsStudent, paySubscription, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { listPagesOf } from './support/school-life.ts';
import { expect, test } from './support/test.ts';

test('the coordinator switches a student to staff and back', async ({ page, request }) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Nora');
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');

  await expect(page.getByRole('heading', { name: 'Staff & students' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Staff and students' });
  for (const name of ['Name', 'Email', 'Team size', 'Staff']) {
    await expect(table.getByRole('columnheader', { name })).toBeVisible();
  }
  const noraRow = table.getByRole('row', { name: /Nora Rivera/ });
  await expect(noraRow.getByRole('cell', { name: student.email })).toBeVisible();
  await expect(noraRow.getByRole('cell', { name: '1', exact: true })).toBeVisible();

  // The coordinator cannot change their own role.
  const own = table.getByRole('switch', { name: 'Staff: Maya Lopez' });
  await expect(own).toBeChecked();
  await expect(own).toBeDisabled();

  const nora = table.getByRole('switch', { name: 'Staff: Nora Rivera' });
  await expect(nora).not.toBeChecked();
  await nora.click();
  await expect(nora).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Staff: Nora Rivera' })).toBeChecked();

  await page.getByRole('switch', { name: 'Staff: Nora Rivera' }).click();
  await expect(page.getByRole('switch', { name: 'Staff: Nora Rivera' })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Staff: Nora Rivera' })).not.toBeChecked();
});

test('Show more adds the next people by name, and a switch on a later page holds', async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  for (const first of ['Ivy', 'Cole', 'Ana', 'Eli']) {
    await joinSchoolAsStudent(request, school.coordinator.school.id, first);
  }
  await listPagesOf(page, 2); // the app asks for 100 a page; 2 shows paging with 5 people
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');

  const table = page.getByRole('table', { name: 'Staff and students' });
  const names = table.getByRole('rowheader');
  await expect(names).toHaveText([/^Ana Rivera/, /^Cole Rivera/]);
  await expect(page.getByText('Showing 2 of 5 people')).toBeVisible();
  const more = page.getByRole('button', { name: 'Show more' });
  await expectNoAxeViolations(page);

  await more.click();
  await expect(names).toHaveText([/^Ana Rivera/, /^Cole Rivera/, /^Eli Rivera/, /^Ivy Rivera/]);
  // Focus moves to the first added row, where reading goes on.
  await expect(table.getByRole('rowheader', { name: 'Eli Rivera' })).toBeFocused();
  await more.click();
  await expect(names).toHaveText([
    /^Ana Rivera/,
    /^Cole Rivera/,
    /^Eli Rivera/,
    /^Ivy Rivera/,
    /^Maya Lopez/,
  ]);
  await expect(page.getByText('Showing 5 of 5 people')).toBeVisible();
  await expect(more).toHaveCount(0);

  // A switch on the third page shows its new state, and every page stays shown.
  const eli = table.getByRole('switch', { name: 'Staff: Eli Rivera' });
  await eli.click();
  await expect(eli).toBeChecked();
  await expect(eli).toBeEnabled();
  await expect(names).toHaveCount(5);
  await page.reload();
  await expect(names).toHaveText([/^Ana Rivera/, /^Cole Rivera/]);
  await more.click();
  await expect(page.getByRole('switch', { name: 'Staff: Eli Rivera' })).toBeChecked();
});
