import type { Page } from '@playwright/test';
import { MESSAGES } from '@wellbank/domain';
import {
  createSchool,
  openMenu,
  PASSWORD,
  signIn,
  signInUnpaidCoordinator,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
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
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);

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
  await signInUnpaidCoordinator(page, request);

  // Revoke the token behind the browser's back; its next call is answered 401.
  await request.delete('/api/v1/authentication/session', {
    headers: { authorization: `Bearer ${await storedToken(page)}` },
  });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  expect(await storedToken(page)).toBeNull();
});

const SESSION_ENDED = 'Your session ended — please sign in again';

/** The login form as it is on screen (signIn() opens /login first, which would drop `?next=`). */
async function submitLogin(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a session ended by a 401 says so, and signing in again returns to the page asked for', async ({
  page,
  request,
}) => {
  const { coordinator } = await signInUnpaidCoordinator(page, request);
  await request.delete('/api/v1/authentication/session', {
    headers: { authorization: `Bearer ${await storedToken(page)}` },
  });

  await page.goto('/profile?tab=1#name');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile%3Ftab%3D1%23name$/);
  await expect(page.getByRole('status')).toHaveText(SESSION_ENDED);
  await expectNoAxeViolations(page);

  await submitLogin(page, coordinator.email);
  await expect(page).toHaveURL(/\/profile\?tab=1#name$/);
  await expect(page.getByRole('heading', { name: 'User profile' })).toBeVisible();
  expect(await storedToken(page)).not.toBeNull();
});

test('a 401 on a page reached inside the app returns there too', async ({ page, request }) => {
  const { coordinator } = await signInUnpaidCoordinator(page, request);
  await request.delete('/api/v1/authentication/session', {
    headers: { authorization: `Bearer ${await storedToken(page)}` },
  });

  // No page load: the router's navigation, and the 401 of the profile's read.
  await openMenu(page);
  await page.getByRole('dialog').getByRole('link', { name: 'User profile' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  await expect(page.getByRole('status')).toHaveText(SESSION_ENDED);
  await page.screenshot({ path: 'test-results/session-ended-login.png' });
  await submitLogin(page, coordinator.email);
  await expect(page).toHaveURL(/\/profile$/);
  // Gone once used: the next visit to the login page says nothing of it.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0);
});

test('a signed-out visitor returns to the page opened, without a word about a session', async ({
  page,
  request,
}) => {
  const { coordinator } = await createSchool(request);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0);
  await submitLogin(page, coordinator.email);
  await expect(page).toHaveURL(/\/profile$/);
});

test('a return address that is not a page of Wellbank lands on the home page', async ({
  page,
  request,
}) => {
  const { coordinator } = await createSchool(request);
  await page.goto('/login');
  const origin = new URL(page.url()).origin;
  for (const next of ['//evil.com', 'https://evil.com', '/\\evil.com', '/\t/evil.com']) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await submitLogin(page, coordinator.email);
    // The coordinator's home, /dashboard, sends an unpaid school on to its payment page.
    await expect(page, next).toHaveURL(/\/subscription-payments$/);
    expect(new URL(page.url()).origin, next).toBe(origin);
    await page.evaluate(() => localStorage.clear());
  }
});

async function storedToken(page: import('@playwright/test').Page): Promise<string | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { token: string }).token : null;
  }, SESSION_KEY);
}
