import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMINDER_DEFAULTS, REMINDER_MESSAGES, type ReminderSettings } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema.ts';
import { bearer, type EmailSession, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { browserKeys, decryptPush, startPushService } from '../../test/push-service.ts';
import { confirmEmails, setRoles } from '../../test/school-fixture.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMailer } from '../mail/mailer.ts';
import { isKnownPushService } from './push-sender.ts';
import { tickReminders } from './reminder-scheduler.ts';

let t: TestApp;
let smtp: TestSmtpServer;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let outbox: string;
const goneIds = new Set<string>();
/** Recipients the SMTP server refuses (451), and how many of their attempts. */
const refusals = new Map<string, number>();

beforeAll(async () => {
  smtp = await startSmtpServer(({ to, attempt }) =>
    attempt <= (refusals.get(to) ?? 0) ? 'refuse' : 'accept',
  );
  pushService = await startPushService((id) => (goneIds.has(id) ? 410 : 201));
  outbox = await mkdtemp(join(tmpdir(), 'wellbank-reminders-'));
  t = await createTestApp({
    mailer: createMailer({
      smtpUrl: smtp.url,
      outboxDir: outbox,
      from: 'Wellbank <no-reply@wellbank.test>',
      log: () => {},
    }),
    // A failed batch is retried after a second, not half a minute.
    queueOptions: { retryDelay: 1, retryBackoff: true, retryDelayMax: 1 },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await pushService.close();
  await rm(outbox, { recursive: true, force: true });
});

function putSettings(user: EmailSession, settings: Partial<ReminderSettings>, id = user.id) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${id}/reminders`,
    headers: bearer(user.token),
    payload: { ...REMINDER_DEFAULTS, ...settings },
  });
}

/**
 * A staff member whose address is confirmed (decision 0044: an unconfirmed one gets no reminder),
 * before the confirmation mail goes, so it never does and the server receives reminders only.
 */
async function staffMember({ confirmed = true } = {}): Promise<EmailSession> {
  const admin = await signUpSchool(t.app);
  const user = await joinSchool(t.app, admin.school.id);
  await setRoles(t, user.id, ['staff']);
  if (confirmed) await confirmEmails(t, [user]);
  return user;
}

/** The minute the user's reminder is due: 17:00 in Denver, in winter. */
async function tickAtFive(date: string) {
  const now = new Date(`${date}T00:00:00Z`); // 17:00 MST the day before
  t.clock.set(now.toISOString());
  await tickReminders({ db: t.db, jobs: t.jobs, now });
  await t.runJobs();
}

describe('GET and PUT /users/{id}/reminders', () => {
  it('answers the defaults, off at 17:00, until the user saves their own', async () => {
    const user = await staffMember();
    const read = await t.app.inject({
      url: `/api/v1/users/${user.id}/reminders`,
      headers: bearer(user.token),
    });
    expect(read.json()).toEqual({ ...REMINDER_DEFAULTS, push_devices: 0 });
    expect(REMINDER_DEFAULTS).toMatchObject({ enabled: false, time: '17:00' });

    const saved = await putSettings(user, { enabled: true, time: '16:30', email: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, time: '16:30', email: true, push: false });
    const exported = await t.app.inject({
      url: `/api/v1/users/${user.id}/export`,
      headers: bearer(user.token),
    });
    expect(exported.json().reminders).toMatchObject({ enabled: true, time: '16:30', email: true });
  });

  it('refuses another user’s settings as not found, and a reminder with no way to arrive', async () => {
    const user = await staffMember();
    const other = await staffMember();
    const read = await t.app.inject({
      url: `/api/v1/users/${other.id}/reminders`,
      headers: bearer(user.token),
    });
    expect(read.statusCode).toBe(404);
    expect((await putSettings(user, { enabled: true, email: true }, other.id)).statusCode).toBe(
      404,
    );
    const noChannel = await putSettings(user, { enabled: true });
    expect(noChannel.statusCode).toBe(422);
    expect(noChannel.json()).toEqual({ error: REMINDER_MESSAGES.channelRequired });
    const badTime = await putSettings(user, { time: '24:00' });
    expect(badTime.json()).toEqual({ error: REMINDER_MESSAGES.timeInvalid });
  });
});

describe('Web Push reminders', () => {
  it('pushes the encrypted reminder text to the device and forgets a device the service calls gone', async () => {
    const user = await staffMember();
    const keys = browserKeys();
    const vapid = await t.app.inject({
      url: '/api/v1/push/vapid-public-key',
      headers: bearer(user.token),
    });
    expect(vapid.json().public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const endpoint = pushService.endpoint(`device-${user.id}`);
    const subscribed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/push-subscriptions`,
      headers: bearer(user.token),
      payload: { endpoint, expirationTime: null, keys: keys.json },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);
    await putSettings(user, { enabled: true, push: true });

    await tickAtFive('2026-11-25');
    const [pushed, ...more] = pushService.received.filter((p) => p.path.endsWith(`-${user.id}`));
    expect(more).toEqual([]);
    expect(pushed?.headers['content-encoding']).toBe('aes128gcm');
    expect(pushed?.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(JSON.parse(decryptPush(pushed?.body ?? Buffer.alloc(0), keys))).toEqual({
      title: 'Wellbank',
      body: "You've logged 0 of 8 today — 8 to go.",
      url: '/dashboard',
      tag: 'wellbank-daily-reminder',
    });

    goneIds.add(`device-${user.id}`);
    await tickAtFive('2026-11-26');
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('deletes the device’s subscription when its session logs out', async () => {
    const user = await staffMember();
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/push-subscriptions`,
      headers: bearer(user.token),
      payload: { endpoint: pushService.endpoint(`logout-${user.id}`), keys: browserKeys().json },
    });
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/authentication/session',
      headers: bearer(user.token),
    });
    expect(logout.statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('refuses another user’s endpoint (409) and leaves it theirs; the same user’s moves to the new session', async () => {
    const owner = await staffMember();
    const other = await staffMember();
    const endpoint = pushService.endpoint(`owned-${owner.id}`);
    const subscribe = (user: EmailSession, token = user.token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/users/${user.id}/push-subscriptions`,
        headers: bearer(token),
        payload: { endpoint, keys: browserKeys().json },
      });
    expect((await subscribe(owner)).statusCode).toBe(204);
    const taken = await subscribe(other);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: REMINDER_MESSAGES.pushOtherAccount });
    const rowsOf = () =>
      t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    const [kept] = await rowsOf();
    expect(kept?.userId).toBe(owner.id);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/authenticate',
      payload: { email: owner.email, password: 'secret-pass' },
    });
    expect((await subscribe(owner, login.json().token)).statusCode).toBe(204);
    const [moved] = await rowsOf();
    expect(moved?.userId).toBe(owner.id);
    expect(moved?.sessionId).not.toBe(kept?.sessionId);
  });

  it('accepts only the browsers’ push services as endpoints outside tests', () => {
    expect(isKnownPushService('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isKnownPushService('https://web.push.apple.com/QGx')).toBe(true);
    expect(isKnownPushService('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    expect(isKnownPushService('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(isKnownPushService('https://169.254.169.254/latest')).toBe(false);
    expect(isKnownPushService('https://evil.example/fcm.googleapis.com')).toBe(false);
  });
});

describe('e-mail reminders', () => {
  it('arrive with both unsubscribe headers, and the one-click link works once without a session', async () => {
    const user = await staffMember();
    await putSettings(user, { enabled: true, email: true });
    await tickAtFive('2026-11-27');

    const raw = smtp.received.find((mail) =>
      mail.envelope.rcptTo.some((r) => r.address === user.email),
    );
    const mail = await simpleParser(raw?.raw ?? Buffer.alloc(0));
    expect(mail.subject).toBe("You've logged 0 of 8 today — 8 to go");
    const header = (key: string) =>
      mail.headerLines
        .find((line) => line.key === key)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, ' ');
    const oneClick = header('list-unsubscribe') ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = /<(http[^>]+)>/.exec(oneClick)?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/wellbank\.test\/api\/v1\/reminders\/unsubscribe\?token=/);
    const visible = /http:\/\/wellbank\.test\/unsubscribe\?token=\S+/.exec(mail.text ?? '')?.[0];
    expect(new URL(visible ?? '').search).toBe(new URL(url).search);

    const post = () =>
      t.app.inject({
        method: 'POST',
        url: url.replace('http://wellbank.test', ''),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await post();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: REMINDER_MESSAGES.unsubscribedDaily });
    const settings = await t.app.inject({
      url: `/api/v1/users/${user.id}/reminders`,
      headers: bearer(user.token),
    });
    expect(settings.json()).toMatchObject({ enabled: true, email: false });
    const second = await post();
    expect(second.statusCode).toBe(404);
    expect(second.json()).toEqual({ error: REMINDER_MESSAGES.unsubscribeLinkInvalid });
  });

  it('do not go to an address nobody confirmed yet', async () => {
    const user = await staffMember({ confirmed: false });
    await putSettings(user, { enabled: true, email: true, weekly_summary: true });
    await tickAtFive('2026-11-28');
    const subjects = await Promise.all(
      smtp.received
        .filter((mail) => mail.envelope.rcptTo.some((r) => r.address === user.email))
        .map(async (mail) => (await simpleParser(mail.raw)).subject),
    );
    expect(subjects).toEqual(['Confirm your email address for Wellbank']);
  });

  it('refuses a token that was altered or made for another purpose', async () => {
    const user = await staffMember();
    await putSettings(user, { enabled: true, email: true, weekly_summary: true });
    const weekly = await t.reminderKeys.unsubscribeToken({
      purpose: 'weekly-summary',
      userId: user.id,
      version: 0,
    });
    const forged = weekly.replace('weekly-summary', 'daily-email');
    for (const token of [forged, `${weekly.slice(0, -2)}AA`, 'nonsense']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/reminders/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(response.statusCode).toBe(404);
    }
    const settings = await t.app.inject({
      url: `/api/v1/users/${user.id}/reminders`,
      headers: bearer(user.token),
    });
    expect(settings.json()).toMatchObject({ email: true, weekly_summary: true });
  });
});

describe('a reminder that could not be sent', () => {
  it('is retried by the queue without sending the others twice, and dropped after the last try', async () => {
    const flaky = await staffMember();
    const steady = await staffMember();
    const refused = await staffMember();
    for (const user of [flaky, steady, refused])
      await putSettings(user, { enabled: true, email: true });
    refusals.set(flaky.email, 1);
    refusals.set(refused.email, 100);

    await tickAtFive('2026-11-28');
    for (let retry = 0; retry < 5; retry++) {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await t.runJobs();
    }
    const received = (user: EmailSession) =>
      smtp.received.filter((mail) => mail.envelope.rcptTo.some((r) => r.address === user.email));
    expect(received(flaky)).toHaveLength(1);
    expect(received(steady)).toHaveLength(1);
    expect(received(refused)).toHaveLength(0);
    // 1 try and 4 retries (REMINDER_QUEUE), then the batch is given up, logged as such.
    expect(smtp.attempts.get(refused.email)).toBe(5);
    expect(t.jobLines.map((line) => line.message)).toContain(
      'job reminder-delivery failed for good after 5 attempts',
    );

    // The next minutes' ticks do not claim them again that day.
    await tickAtFive('2026-11-28');
    expect(received(steady)).toHaveLength(1);
  });
});
