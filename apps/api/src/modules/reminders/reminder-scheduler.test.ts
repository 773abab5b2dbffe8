import { REMINDER_DEFAULTS, type ReminderSettings, type SessionRecord } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schools } from '../../db/schema.ts';
import { bearer, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { confirmEmails, seedDay, setRoles } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { dueWindows, tickReminders } from './reminder-scheduler.ts';

const t = useTestApp();

const MINUTE_MS = 60_000;

async function remind(user: SessionRecord, settings: Partial<ReminderSettings>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${user.id}/reminders`,
    headers: bearer(user.token),
    payload: { ...REMINDER_DEFAULTS, enabled: true, email: true, ...settings },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Reminder e-mails go to confirmed addresses only (decision 0044). */
async function staffMember(schoolId: number): Promise<SessionRecord> {
  const user = await joinSchool(t.app, schoolId);
  await setRoles(t, user.id, ['staff']);
  await confirmEmails(t, [user]);
  return user;
}

async function log(user: SessionRecord, type: string, values: Record<string, number>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/activities/${type}`,
    headers: bearer(user.token),
    payload: {
      activity: {
        activity_type: type,
        properties: Object.entries(values).map(([property_key, property_value]) => ({
          property_key,
          property_value,
        })),
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

interface Delivered {
  to: string;
  subject: string;
  /** The tick's time, UTC. */
  at: string;
}

/** Ticks once a minute from `startIso` for `minutes`, running the queued deliveries as it goes. */
async function runMinutes(startIso: string, minutes: number): Promise<Delivered[]> {
  const delivered: Delivered[] = [];
  for (let i = 0; i < minutes; i++) {
    const now = new Date(Date.parse(startIso) + i * MINUTE_MS);
    t.clock.set(now.toISOString());
    const claimed = await tickReminders({ db: t.db, jobs: t.jobs, now });
    if (claimed.daily + claimed.weekly === 0) continue;
    const before = t.mailbox.length;
    await t.runJobs();
    for (const mail of t.mailbox.slice(before)) {
      delivered.push({ to: mail.to, subject: mail.subject, at: now.toISOString() });
    }
  }
  return delivered;
}

const to = (delivered: Delivered[], user: SessionRecord) =>
  delivered.filter((mail) => mail.to === user.email);

describe('dueWindows', () => {
  it('covers the hour skipped by the spring change in one window, on the local date', () => {
    // 2026-03-08 in Denver: 01:59 MST is followed by 03:00 MDT (09:00Z).
    const denver = dueWindows(new Date('2026-03-08T09:00:00Z')).find(
      (w) => w.timeZone === 'America/Denver',
    );
    expect(denver).toMatchObject({ localDate: '2026-03-08', firstMinute: 116, lastMinute: 180 });
  });

  it('never reaches back into the previous local date', () => {
    const denver = dueWindows(new Date('2026-11-24T07:01:00Z')).find(
      (w) => w.timeZone === 'America/Denver',
    );
    expect(denver).toMatchObject({ localDate: '2026-11-24', firstMinute: 0, lastMinute: 1 });
  });
});

describe('tickReminders across a school day', () => {
  it('reminds each due user once, at their time, and nobody complete, quiet, unsubscribed or unpaid', async () => {
    // Monday 2026-11-23 in Denver (MST, UTC−7): local midnight is 07:00Z.
    t.clock.set('2026-11-23T08:00:00Z');
    const admin = await signUpSchool(t.app);
    const schoolId = admin.school.id;
    const staff = await staffMember(schoolId);
    const lateStaff = await staffMember(schoolId);
    const student = await joinSchool(t.app, schoolId);
    const lateStudent = await joinSchool(t.app, schoolId);
    const earlyStudent = await joinSchool(t.app, schoolId);
    const completeStaff = await staffMember(schoolId);
    const unsubscribed = await staffMember(schoolId);
    const weekly = await staffMember(schoolId);
    const unpaidAdmin = await signUpSchool(t.app, { paid: false });
    const closedAdmin = await signUpSchool(t.app);
    const others = [admin, student, lateStudent, earlyStudent, unpaidAdmin, closedAdmin];
    await confirmEmails(t, others);
    // The sign-ups' welcome mails (decision 0061) go out now, not among the reminders below.
    await t.runJobs();

    await remind(staff, { time: '17:00' });
    await remind(lateStaff, { time: '21:30' });
    await remind(student, { time: '17:00' });
    await remind(lateStudent, { time: '21:30' });
    await remind(earlyStudent, { time: '06:45' });
    await remind(completeStaff, { time: '17:00' });
    await remind(unsubscribed, { time: '17:00' });
    await remind(weekly, { enabled: false, email: false, weekly_summary: true });
    await remind(unpaidAdmin, { time: '17:00' });
    await remind(closedAdmin, { time: '17:00' });
    await t.db
      .update(schools)
      .set({ purgeAfter: new Date('2026-12-23T00:00:00Z') })
      .where(eq(schools.id, closedAdmin.school.id));
    await seedDay(t, {
      userId: completeStaff.id,
      schoolId,
      date: '2026-11-23',
      balanceCents: 300,
      streakPoints: 5,
    });
    // The student logs water and sleep in the morning: 2 of 8.
    t.clock.set('2026-11-23T17:00:00Z');
    await log(student, 'water', { cups: 2 });
    await log(student, 'sleep', { minutes: 480 });

    const morning = await runMinutes('2026-11-23T07:00:00Z', 12 * 60);
    // At noon the unsubscribed one turns e-mail reminders off by the link of an earlier e-mail.
    const token = await t.reminderKeys.unsubscribeToken({
      purpose: 'daily-email',
      userId: unsubscribed.id,
      version: 0,
    });
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/v1/reminders/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const rest = await runMinutes('2026-11-23T19:00:00Z', 12 * 60);
    const day = [...morning, ...rest];

    expect(to(day, staff)).toEqual([
      {
        to: staff.email,
        subject: "You've logged 0 of 8 today — 8 to go",
        at: '2026-11-24T00:00:00.000Z', // 17:00 MST
      },
    ]);
    expect(to(day, student)).toEqual([
      {
        to: student.email,
        subject: "You've logged 2 of 8 today — 6 to go",
        at: '2026-11-24T00:00:00.000Z',
      },
    ]);
    expect(to(day, lateStaff).map((mail) => mail.at)).toEqual(['2026-11-24T04:30:00.000Z']);
    expect(to(day, lateStudent)).toEqual([]);
    expect(to(day, earlyStudent)).toEqual([]);
    expect(to(day, completeStaff)).toEqual([]);
    expect(to(day, unsubscribed)).toEqual([]);
    expect(to(day, unpaidAdmin)).toEqual([]);
    expect(to(day, closedAdmin)).toEqual([]);
    expect(to(day, weekly)).toEqual([
      {
        to: weekly.email,
        subject: 'Your week on Wellbank: 0 days banked',
        at: '2026-11-23T14:00:00.000Z', // Monday 07:00 MST
      },
    ]);
    expect(day).toHaveLength(4);

    // Ticking the same minutes again (another instance, a late cron pass) claims nobody.
    const again = await tickReminders({
      db: t.db,
      jobs: t.jobs,
      now: new Date('2026-11-24T00:02:00Z'),
    });
    expect(again).toEqual({ daily: 0, weekly: 0 });
  }, 180_000);

  it('reminds once on the days the clocks change: the skipped hour at 03:00, the repeated hour once', async () => {
    t.clock.set('2026-03-07T20:00:00Z');
    const admin = await signUpSchool(t.app);
    await confirmEmails(t, [admin]);
    const spring = await staffMember(admin.school.id);
    const autumn = await staffMember(admin.school.id);
    await remind(spring, { time: '02:30' });
    await remind(autumn, { time: '01:30' });

    // 2026-03-08, Denver: 00:00 MST is 07:00Z; 01:59 MST is followed by 03:00 MDT.
    const springDay = await runMinutes('2026-03-08T07:00:00Z', 4 * 60);
    expect(to(springDay, spring).map((mail) => mail.at)).toEqual(['2026-03-08T09:00:00.000Z']);
    expect(to(springDay, autumn).map((mail) => mail.at)).toEqual(['2026-03-08T08:30:00.000Z']);

    // 2026-11-01, Denver: 00:00 MDT is 06:00Z; 01:59 MDT is followed by 01:00 MST.
    const autumnDay = await runMinutes('2026-11-01T06:00:00Z', 4 * 60);
    expect(to(autumnDay, autumn).map((mail) => mail.at)).toEqual(['2026-11-01T07:30:00.000Z']);
    expect(to(autumnDay, spring).map((mail) => mail.at)).toEqual(['2026-11-01T09:30:00.000Z']);
  }, 180_000);

  it('claims each due user once when two instances tick the same minute together', async () => {
    t.clock.set('2026-11-29T18:00:00Z');
    const admin = await signUpSchool(t.app);
    await confirmEmails(t, [admin]);
    const users = [await staffMember(admin.school.id), await staffMember(admin.school.id)];
    for (const user of users) await remind(user, { time: '15:00' });
    const now = new Date('2026-11-30T22:00:00Z'); // 15:00 MST
    t.clock.set(now.toISOString());
    const [first, second] = await Promise.all([
      tickReminders({ db: t.db, jobs: t.jobs, now }),
      tickReminders({ db: t.db, jobs: t.jobs, now }),
    ]);
    expect((first?.daily ?? 0) + (second?.daily ?? 0)).toBe(users.length);
    await t.runJobs();
    for (const user of users) {
      expect(t.mailbox.filter((mail) => mail.to === user.email)).toHaveLength(1);
    }
  });
});
