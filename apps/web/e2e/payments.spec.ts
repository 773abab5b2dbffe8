import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  createSchool,
  joinSchoolAsStudent,
  joinTeamAsCommunityMember,
  openMenu,
  paySubscription,
  setLanguage,
  signIn,
  signInUnpaidCoordinator,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { attachAtBothWidths, saveScreenshot } from './support/screenshots.ts';
import { SESSION_KEY } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

async function throughTestCheckout(page: Page, action: 'Pay' | 'Cancel') {
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
  await expect(page.getByRole('note')).toContainText('Test checkout');
  await expect(page.getByRole('note')).toContainText('No card is charged');
  await page.getByRole('button', { name: action }).click();
}

test('a coordinator pays the subscription and the whole school is let in', async ({
  page,
  request,
}, testInfo) => {
  const { coordinator } = await createSchool(request);
  const student = await joinSchoolAsStudent(request, coordinator.school.id);
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/subscription-payments$/);
  await page.goto('/progress');
  await expect(page).toHaveURL(/\/subscription-payments$/);

  await openMenu(page);
  await expect(page.getByRole('dialog').getByText('Coordinator use')).toHaveCount(0);
  await expect(page.getByRole('dialog').getByText('Staff use')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await expect(page.getByRole('table', { name: 'Subscription tiers' })).toBeVisible();
  const students = page.getByLabel('Number of students');
  await expect(students).toHaveValue('101');
  await expect(page.getByText('Subscription (101–300 students)')).toBeVisible();
  await students.fill('1200');
  const summary = page.locator('dl');
  await expect(summary).toContainText('Subscription (1,001–2,000 students)$1,200.00');
  await expect(summary).toContainText('Processing fee$36.15');
  await expect(summary).toContainText('Total$1,236.15');
  await expect(page.getByRole('row', { name: /1,001–2,000 students \(your tier\)/ })).toBeVisible();

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Total due$1,236.15')).toBeVisible();
  await expect(page.getByText('School subscription for 1,200 students')).toBeVisible();
  const checkoutUrl = page.url();
  await throughTestCheckout(page, 'Pay');

  await expect(page).toHaveURL(/\/subscription-payments\?success=true&session_id=cs_local_/);
  await expect(page.getByRole('status').filter({ hasText: 'Payment successful!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Reopened (back button, saved link), the paid checkout offers nothing to pay again.
  await page.goto(checkoutUrl);
  await expect(page.getByRole('status')).toHaveText(
    'This payment is complete. There is nothing more to pay.',
  );
  await expect(page.getByText('Paid$1,236.15')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await saveScreenshot(page, 'checkout-paid');
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openMenu(page);
  await expect(page.getByRole('dialog').getByText('Coordinator use')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Staff use')).toBeVisible();
  await page.keyboard.press('Escape');

  // What was paid (issue 35 §1): tier, amount and day, the places it covers and those used.
  await page.goto('/subscription-payments');
  const paid = page.locator('dl');
  await expect(paid).toContainText('Tier1,001–2,000 students');
  await expect(paid).toContainText(/Paid\$1,236\.15 on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(paid).toContainText('Student places1 of 2,000 used');
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'subscription-paid');
  await openMenu(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, student.email);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a coordinator upgrades to a larger tier, pays the difference and downloads its receipt', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // a paid school, a checkout, a download and four screenshots on two shared cores
  const { coordinator } = await createSchool(request);
  await paySubscription(request, coordinator, 50);
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/subscription-payments');
  await expect(page.locator('dl')).toContainText('Tier1–100 students');

  const upgrade = page.getByRole('button', { name: 'Pay the difference' });
  await expect(upgrade).toBeDisabled();
  await page.getByLabel('Number of students').fill('250');
  // $250 − $100 for the 101–300 tier, and the fee on that difference.
  const charge = page.locator('dl').nth(1);
  await expect(charge).toContainText('Upgrade to 101–300 students$150.00');
  await expect(charge).toContainText('Total$154.79');
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'subscription-upgrade');
  await upgrade.click();
  await expect(page.getByText('Total due$154.79')).toBeVisible();
  await throughTestCheckout(page, 'Pay');
  await expect(page.getByRole('status').filter({ hasText: 'Payment successful!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/subscription-payments');
  const paid = page.locator('dl');
  await expect(paid).toContainText('Tier101–300 students');
  await expect(paid).toContainText('Student places0 of 300 used');
  const receipts = page.getByRole('list').filter({ hasText: 'Download receipt' });
  await expect(receipts.getByRole('listitem')).toHaveCount(2);
  await expect(receipts.getByRole('listitem').nth(1)).toContainText(
    /: Upgrade from up to 100 students to 101–300 students, \$154\.79/,
  );
  const button = receipts.getByRole('button', { name: 'Download receipt' }).nth(1);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^wellbank-receipt-\d+\.html$/);
  const html = await readFile(await download.path(), 'utf8');
  expect(html).toContain('an upgrade of its subscription from up to 100 to up to 300 students');
  expect(html).toContain('Amount paid, processing fee included: $154.79');
  await expectNoAxeViolations(page);
  // From the top: scrolled, the sticky header would sit in the middle of the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await attachAtBothWidths(page, testInfo, 'subscription-upgraded');
});

test('the upgrade and the receipts in Spanish', async ({ page, request }, testInfo) => {
  test.slow(); // a paid school and two screenshots on two shared cores
  const { coordinator } = await createSchool(request);
  await paySubscription(request, coordinator, 50);
  await setLanguage(request, coordinator, 'es');
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/subscription-payments');
  await expect(page.getByRole('heading', { name: 'Ampliar' })).toBeVisible();
  await page.getByLabel('Número de estudiantes').fill('250');
  await expect(page.getByRole('button', { name: 'Pagar la diferencia' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Descargar recibo' })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'subscription-upgrade-es');
});

test('a coordinator who cancels the checkout is told so and stays gated', async ({
  page,
  request,
}) => {
  await signInUnpaidCoordinator(page, request);
  await page.getByLabel('Number of students').fill('250');
  await page.getByRole('button', { name: 'Pay' }).click();
  await throughTestCheckout(page, 'Cancel');

  await expect(page).toHaveURL(/\/subscription-payments\?canceled=true$/);
  await expect(page.getByRole('status').filter({ hasText: 'Payment canceled.' })).toBeVisible();
  // The form comes back with the number asked for, not the default (issue 35 §5).
  await expect(page.getByLabel('Number of students')).toHaveValue('250');
  await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/subscription-payments$/);
});

test('more than 5,000 students asks the school to contact us and cannot be paid', async ({
  page,
  request,
}) => {
  const { coordinator } = await createSchool(request);
  await signIn(page, coordinator.email);
  await page.getByLabel('Number of students').fill('5001');
  await expect(page.getByRole('alert')).toContainText('more than 5,000 students');
  await expect(page.getByRole('button', { name: 'Pay' })).toBeDisabled();
  await page.getByLabel('Number of students').fill('');
  await expect(page.getByRole('alert')).toHaveText('Number of students is required');
  await page.getByLabel('Number of students').fill('5000');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Total$2,574.98')).toBeVisible();
});

test('a student of an unpaid school sees that the subscription is not active, without a pay form', async ({
  page,
  request,
}) => {
  const { coordinator } = await createSchool(request);
  const student = await joinSchoolAsStudent(request, coordinator.school.id);
  await signIn(page, student.email);
  await expect(page).toHaveURL(/\/subscription-payments$/);
  await expect(page.getByRole('status')).toHaveText(
    "Your school's subscription is not active yet. Please ask your coordinator.",
  );
  await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await expect(page.getByLabel('Number of students')).toHaveCount(0);
});

test('a 402 from the server takes a student whose session missed the gate to the payment page', async ({
  page,
  request,
}) => {
  const { coordinator } = await createSchool(request);
  const student = await joinSchoolAsStudent(request, coordinator.school.id);
  // A session stored as if the school had paid, and a user record that says so too (as a
  // stale cache would): only the gated calls' 402 can tell the page.
  const stale = { ...student, needs_subscription_payment: false };
  await page.route(`**/api/v1/users/${student.id}`, (route) => route.fulfill({ json: stale }));
  await page.goto('/login');
  await page.evaluate(([key, session]) => localStorage.setItem(key, session), [
    SESSION_KEY,
    JSON.stringify(stale),
  ] as const);
  await page.goto('/progress');
  await expect(page).toHaveURL(/\/subscription-payments$/);
  await expect(page.getByRole('status')).toHaveText(
    "Your school's subscription is not active yet. Please ask your coordinator.",
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a community member cancels once, then donates and reaches the dashboard', async ({
  page,
  request,
}) => {
  const { coordinator } = await createSchool(request);
  const member = await joinTeamAsCommunityMember(request, coordinator.team_id ?? 0);
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/team-donations$/);
  const summary = page.locator('dl');
  await expect(summary).toContainText('Donation$2.50');
  await expect(summary).toContainText('Processing fee$0.39');
  await expect(summary).toContainText('Total$2.89');

  await page.getByRole('button', { name: 'Pay' }).click();
  await throughTestCheckout(page, 'Cancel');
  await expect(page).toHaveURL(/\/team-donations\?canceled=true$/);
  await expect(page.getByRole('status').filter({ hasText: 'Donation canceled.' })).toBeVisible();

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Total due$2.89')).toBeVisible();
  await throughTestCheckout(page, 'Pay');
  await expect(page.getByRole('status').filter({ hasText: 'Donation successful!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

const RETURN_CALL = /\/api\/v1\/schools\/\d+\/payments$/;

test.describe('opened at 127.0.0.1 while the server calls itself localhost', () => {
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}` });

  test('paying completes on the server, and the return comes back to 127.0.0.1', async ({
    page,
    request,
  }) => {
    await signInUnpaidCoordinator(page, request);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_local_/);
    const returnCall = page.waitForResponse(RETURN_CALL);
    await throughTestCheckout(page, 'Pay');
    await expect(page).toHaveURL(
      /^http:\/\/127\.0\.0\.1:\d+\/subscription-payments\?success=true&session_id=cs_local_/,
    );
    // 200, not 201: paying had already recorded the payment; the return call only finds it.
    expect((await returnCall).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Payment successful!' })).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
  });
});
