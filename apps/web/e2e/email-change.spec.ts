import { ACCOUNT_EMAIL_MESSAGES, MESSAGES } from '@wellbank/domain';
import { createSchool, PASSWORD, signIn, uniqueEmail } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { emailLinkFor } from './support/outbox.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

test('a new e-mail needs the current password and signs in only once its mailed link is followed', async ({
  page,
  request,
}) => {
  const { coordinator } = await createSchool(request);
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/subscription-payments$/);
  await page.goto('/profile');
  const current = page.getByLabel('Current password');
  await expect(current).toHaveCount(0);

  // A new address asks for the current password, like a new password does.
  const newEmail = uniqueEmail('maya-new');
  await page.getByLabel('Email').fill(newEmail);
  await expect(current).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(ACCOUNT_EMAIL_MESSAGES.currentPasswordForEmail)).toBeVisible();
  await current.fill(PASSWORD);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status')).toContainText(
    `We sent a confirmation link to ${newEmail}. Your email changes when you follow it; until then you still sign in with ${coordinator.email}.`,
  );
  await saveScreenshot(page, 'profile-email-pending');

  // Until the link is followed, the new address does not sign in.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, newEmail);
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
    MESSAGES.loginFailed,
  );

  const link = await emailLinkFor(newEmail, 'confirm-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByRole('status')).toContainText(ACCOUNT_EMAIL_MESSAGES.confirmed);
  await saveScreenshot(page, 'email-confirmed');

  await signIn(page, newEmail);
  await expect(page).toHaveURL(/\/subscription-payments$/);

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByText(ACCOUNT_EMAIL_MESSAGES.linkInvalid)).toBeVisible();
});

test("the old address's undo link puts it back", async ({ page, request }) => {
  const { coordinator } = await createSchool(request);
  // Only a confirmed address is told of a change: the sign-up's link, followed.
  const signUpLink = new URL(await emailLinkFor(coordinator.email, 'confirm-email'));
  const confirmed = await request.post('/api/v1/email-links', {
    data: { token: signUpLink.searchParams.get('token') },
  });
  expect(confirmed.ok()).toBe(true);
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/subscription-payments$/);
  const newEmail = uniqueEmail('taken-over');
  const change = await request.patch(`/api/v1/users/${coordinator.id}`, {
    headers: { authorization: `Bearer ${coordinator.token}` },
    data: {
      user: {
        first_name: coordinator.first_name,
        last_name: coordinator.last_name,
        email: newEmail,
        current_password: PASSWORD,
      },
    },
  });
  expect(change.ok()).toBe(true);

  await page.evaluate(() => localStorage.clear());
  await page.goto(await emailLinkFor(coordinator.email, 'undo-email-change'));
  await expect(page.getByRole('heading', { name: 'Undo the email change' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Undo the change' }).click();
  await expect(page.getByRole('status')).toContainText(ACCOUNT_EMAIL_MESSAGES.undone);
  await expect(page.getByRole('link', { name: 'Choose a new password' })).toBeVisible();

  // The pending change is gone: its confirmation link no longer works.
  await page.goto(await emailLinkFor(newEmail, 'confirm-email'));
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByText(ACCOUNT_EMAIL_MESSAGES.linkInvalid)).toBeVisible();
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/subscription-payments$/);
});
