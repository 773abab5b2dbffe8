import { MESSAGES } from '@wellbank/domain';
import { openMenu, PASSWORD, signInUnpaidCoordinator } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

test('a user edits their own profile', async ({ page, request }) => {
  await signInUnpaidCoordinator(page, request);

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

test('a new password asks for the current one, which the server checks', async ({
  page,
  request,
}) => {
  const { coordinator } = await signInUnpaidCoordinator(page, request);
  await page.goto('/profile');
  const current = page.getByLabel('Current password');
  await expect(current).toHaveCount(0);

  await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Verify password').fill('brand-new-pass');
  await expect(current).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(MESSAGES.currentPasswordRequired)).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  await current.fill('not-my-password');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
    MESSAGES.currentPasswordWrong,
  );

  await current.fill(PASSWORD);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status')).toContainText('Your profile was updated.');
  const login = await request.post('/api/v1/authentication/authenticate', {
    data: { email: coordinator.email, password: 'brand-new-pass' },
  });
  expect(login.ok()).toBe(true);
});
