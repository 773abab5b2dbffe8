import { createSchool, openMenu, signIn } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

test('a user edits their own profile', async ({ page, request }) => {
  const { coordinator } = await createSchool(request);
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/subscription-payments$/);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'User profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Maya');
  await expect(page.getByLabel(/privacy policy/)).toHaveCount(0);

  await page.getByLabel('First name').fill('Mia');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status')).toContainText('Your profile was updated.');

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Mia');
  await openMenu(page);
  await expect(page.getByRole('dialog').getByText('Mia Lopez')).toBeVisible();
});
