import { expect, test } from '@playwright/test';
import { createSchool, joinSchoolAsStudent, paySubscription, signIn } from './support/accounts.ts';

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
