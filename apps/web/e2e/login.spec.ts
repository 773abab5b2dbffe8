import { MESSAGES } from '@wellbank/domain';
import { createSchool, signIn } from './support/accounts.ts';
import { SESSION_KEY } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

test('login checks the form before calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page.getByText(MESSAGES.invalidEmailLogin)).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordTooShort)).toBeVisible();

  await page.getByLabel('Email').fill('someone@example.com');
  await expect(page.getByText(MESSAGES.invalidEmailLogin)).toHaveCount(0);
});

test('a wrong password shows the server error in a box titled "Error"', async ({
  page,
  request,
}) => {
  const { coordinator } = await createSchool(request);
  await signIn(page, coordinator.email, 'wrong-password');

  const box = page.getByRole('alert').filter({ hasText: 'Error' });
  await expect(box).toContainText(MESSAGES.loginFailed);
  await expect(page).toHaveURL(/\/login$/);
});

test('signed-out visitors are sent to /login and signed-in ones away from it', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);

  const { coordinator } = await createSchool(request);
  await signIn(page, coordinator.email);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/sign-up');
  await expect(page).toHaveURL(/\/subscription-payments$/);
});

test('a 401 from any call clears the stored session and goes to /login', async ({
  page,
  request,
}) => {
  const { coordinator } = await createSchool(request);
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/subscription-payments$/);

  // Revoke the token behind the browser's back; its next call is answered 401.
  await request.delete('/api/v1/authentication/session', {
    headers: { authorization: `Bearer ${await storedToken(page)}` },
  });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});

async function storedToken(page: import('@playwright/test').Page): Promise<string | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { token: string }).token : null;
  }, SESSION_KEY);
}
