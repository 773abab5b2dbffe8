import type { Page } from '@playwright/test';
import { REMINDER_MESSAGES } from '@wellbank/domain';
import { createSchool, joinSchoolAsStudent, paySubscription, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

const M = REMINDER_MESSAGES;

/**
 * The one stand-in: the service worker is not this change's (it comes with the installable app),
 * and headless Chromium has no push service to subscribe to. So `navigator.serviceWorker`
 * answers a registration whose pushManager records the options it was asked to subscribe with
 * and returns a subscription of a real push service's shape. The permission prompt is the
 * browser's own, answered by the context's granted permission.
 */
async function standInForPushManager(page: Page) {
  await page.addInitScript(() => {
    const random = (bytes: number) =>
      btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes))))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let subscription: object | null = null;
    const record = window as unknown as { subscribedWithKey?: number[] };
    const pushManager = {
      getSubscription: async () => subscription,
      subscribe: async (options: { applicationServerKey: Uint8Array }) => {
        record.subscribedWithKey = [...options.applicationServerKey];
        const json = {
          endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${random(12)}`,
          expirationTime: null,
          keys: { p256dh: random(65), auth: random(16) },
        };
        subscription = {
          endpoint: json.endpoint,
          toJSON: () => json,
          unsubscribe: async () => {
            subscription = null;
            return true;
          },
        };
        return subscription;
      },
    };
    const registration = { pushManager };
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    });
  });
}

test('a coordinator turns reminders on: permission, this device subscribed, settings stored', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  await standInForPushManager(page);
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const coordinator = school.coordinator;
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');

  const section = page.getByRole('region', { name: M.sectionTitle });
  await expect(section.getByLabel(M.enabledLabel)).not.toBeChecked();
  await expect(section.getByLabel(M.timeLabel)).toHaveValue('17:00');
  await section.getByLabel(M.enabledLabel).check();
  await section.getByRole('button', { name: M.save }).click();
  await expect(section.getByRole('alert')).toHaveText(M.channelRequired);

  await section.getByLabel(M.timeLabel).fill('16:30');
  await section.getByLabel(M.pushLabel).check();
  await section.getByLabel(M.emailLabel).check();
  await section.getByRole('button', { name: M.save }).click();
  await expect(section.getByRole('status')).toHaveText(M.saved);

  const key = await request.get('/api/v1/push/vapid-public-key', {
    headers: { authorization: `Bearer ${coordinator.token}` },
  });
  const publicKey = Buffer.from((await key.json()).public_key, 'base64url');
  const subscribedWith = await page.evaluate(
    () => (window as unknown as { subscribedWithKey?: number[] }).subscribedWithKey,
  );
  expect(Buffer.from(subscribedWith ?? [])).toEqual(publicKey);
  const stored = await request.get(`/api/v1/users/${coordinator.id}/reminders`, {
    headers: { authorization: `Bearer ${coordinator.token}` },
  });
  expect(await stored.json()).toEqual({
    enabled: true,
    time: '16:30',
    push: true,
    email: true,
    weekly_summary: false,
    push_devices: 1,
  });

  await expectNoAxeViolations(page);
  await section.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'profile-reminders');

  // Push off again: this device is unsubscribed and forgotten by the server.
  await section.getByLabel(M.pushLabel).uncheck();
  await section.getByRole('button', { name: M.save }).click();
  await expect(section.getByRole('status')).toHaveText(M.saved);
  const after = await request.get(`/api/v1/users/${coordinator.id}/reminders`, {
    headers: { authorization: `Bearer ${coordinator.token}` },
  });
  expect(await after.json()).toMatchObject({ push: false, email: true, push_devices: 0 });
});

test('a student who picks an evening time reads that quiet hours keep it silent', async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id);
  await signIn(page, student.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: M.sectionTitle });
  await section.getByLabel(M.enabledLabel).check();
  await section.getByLabel(M.timeLabel).fill('21:00');
  await expect(section.getByText(M.studentQuietHours)).toBeVisible();
  await section.getByLabel(M.timeLabel).fill('18:00');
  await expect(section.getByText(M.studentQuietHours)).toHaveCount(0);
});

test('an e-mail link that is not valid says so, signed out', async ({ page }) => {
  await page.goto('/unsubscribe?token=daily-email.1.0.not-a-signature');
  await expect(page.getByRole('heading', { name: M.unsubscribeTitle })).toBeVisible();
  await expect(page.getByText(M.unsubscribeDailyQuestion)).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'unsubscribe');
  await page.getByRole('button', { name: M.unsubscribeButton }).click();
  await expect(page.getByRole('alert')).toContainText(M.unsubscribeLinkInvalid);
});
