import { MESSAGES } from '@wellbank/domain';
import { createSchool, signIn } from './support/accounts.ts';
import { resetLinkFor } from './support/outbox.ts';
import { expect, test } from './support/test.ts';

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  const { coordinator } = await createSchool(request);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes at once; the login form, which also has an Email field, stays until the
  // next page has downloaded (router.tsx's transitions).
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(coordinator.email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Request received. An email will be sent with password reset instructions.'),
  ).toBeVisible();

  const link = await resetLinkFor(coordinator.email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/forgot-password\/reset\?/);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-1');
  await page.getByLabel('Password confirmation').fill('brand-new-2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();

  await page.getByLabel('Password confirmation').fill('brand-new-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/subscription-payments$/);

  // The old password no longer works; the new one does.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, coordinator.email);
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
    MESSAGES.loginFailed,
  );
  await signIn(page, coordinator.email, 'brand-new-1');
  await expect(page).toHaveURL(/\/subscription-payments$/);

  // The link is single-use.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill('another-one-1');
  await page.getByLabel('Password confirmation').fill('another-one-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.resetLinkInvalid)).toBeVisible();
});
