import type { Page } from '@playwright/test';
import { dailyReminderPush, REMINDER_MESSAGES } from '@wellbank/domain';
import { createSchool, paySubscription, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInStudentOfPaidSchool } from './support/daily-logging.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

const M = REMINDER_MESSAGES;

/**
 * The one stand-in: headless Chromium has no push service to subscribe to, so PushManager's
 * subscribe and getSubscription answer a subscription of a real push service's shape and record
 * the key they were asked to subscribe with. The service worker is the app's own, and the
 * permission prompt the browser's, answered by the context's granted permission.
 */
async function standInForPushService(page: Page) {
  await page.addInitScript(() => {
    const random = (bytes: number) =>
      btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes))))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let subscription: PushSubscription | null = null;
    const record = window as unknown as { subscribedWithKey?: number[] };
    PushManager.prototype.getSubscription = async () => subscription;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      record.subscribedWithKey = [...new Uint8Array(options?.applicationServerKey as ArrayBuffer)];
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
      } as unknown as PushSubscription;
      return subscription;
    };
  });
}

/**
 * Delivers a push message to the app's service worker as the push service would (Chromium's
 * DevTools protocol), and answers the notifications it then shows. DevTools' delivery is fire and
 * forget: Chromium drops its status, so a push lost while a loaded machine starts the worker
 * says nothing. It is sent again until a notification shows; a reminder's tag makes a repeat
 * replace the first, so the answer is still the one notification the service worker shows.
 */
async function deliverPush(page: Page, payload: object) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const [registration] = registrations as { registrationId: string }[];
      if (registration) resolve(registration.registrationId);
    });
  });
  for (let delivery = 0; delivery < 5; delivery++) {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId,
      data: JSON.stringify(payload),
    });
    const shown = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      for (let tries = 0; tries < 30; tries++) {
        const shown = await registration.getNotifications();
        if (shown.length > 0)
          return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return [];
    });
    if (shown.length > 0) return shown;
  }
  return [];
}

test('a coordinator turns reminders on: permission, this device subscribed, settings stored', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  await standInForPushService(page);
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const coordinator = school.coordinator;
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);

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

  // A reminder pushed to this device shows as a notification (sw/push.ts).
  const reminder = dailyReminderPush({ logged: 5, total: 8, missing: ['stress', 'water', 'rest'] });
  expect(await deliverPush(page, reminder)).toEqual([
    { title: 'Wellbank', body: reminder.body, tag: reminder.tag },
  ]);

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
  await signInStudentOfPaidSchool(page, request);
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

test('where the browser blocks notifications, the rest of the form is saved and push stays off', async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const coordinator = school.coordinator;
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // No permission granted: Chromium answers the request with "denied", as a blocked site does.
  await page.goto('/profile');
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
  const section = page.getByRole('region', { name: M.sectionTitle });
  await section.getByLabel(M.enabledLabel).check();
  await section.getByLabel(M.pushLabel).check();

  // Push alone: nothing else to save, so the reason is the answer.
  await section.getByRole('button', { name: M.save }).click();
  await expect(section.getByRole('alert')).toContainText(M.pushDenied);

  // Push and e-mail: the e-mail reminder is saved, push stays off and the page says why.
  await section.getByLabel(M.emailLabel).check();
  await section.getByRole('button', { name: M.save }).click();
  await expect(section.getByRole('status')).toHaveText(`${M.saved} ${M.pushOff} ${M.pushDenied}`);
  await expect(section.getByLabel(M.pushLabel)).not.toBeChecked();
  const stored = await request.get(`/api/v1/users/${coordinator.id}/reminders`, {
    headers: { authorization: `Bearer ${coordinator.token}` },
  });
  expect(await stored.json()).toMatchObject({ enabled: true, push: false, email: true });
});
