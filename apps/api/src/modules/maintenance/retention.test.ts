import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, dailySummaries, piggyBanks, teams, users } from '../../db/schema.ts';
import { bearer, type EmailSession, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { confirmEmails, joinTeam } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { RETENTION } from './maintenance.job.ts';

const t = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;

/** One retention run through the queue, as the schedule runs it; answers the counts it logged. */
async function runRetention(): Promise<Record<string, number>> {
  const before = t.jobLines.length;
  await t.jobs.send(t.db, RETENTION, {});
  await t.runJobs();
  const line = t.jobLines.slice(before).find((each) => each.message === 'retention run');
  if (!line) throw new Error('the retention run logged nothing');
  return (line.details as { retention: Record<string, number> }).retention;
}

async function put(user: EmailSession, type: string, properties: Record<string, number>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/activities/${type}`,
    headers: bearer(user.token),
    payload: {
      activity: {
        activity_type: type,
        properties: Object.entries(properties).map(([property_key, property_value]) => ({
          property_key,
          property_value,
        })),
      },
    },
  });
  expect(response.statusCode).toBe(200);
}

/** Signs in again (a session ends after 30 idle days): the person with a fresh token. */
async function signIn(person: EmailSession): Promise<EmailSession> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/authenticate',
    payload: { email: person.email, password: 'secret-pass' },
  });
  expect(response.statusCode).toBe(200);
  return { ...person, token: response.json().token };
}

/** Everything a point figure is made of or shown from, for these users. */
async function pointFigures(people: EmailSession[]) {
  const ids = people.map((person) => person.id);
  const records = await Promise.all(
    people.map(async (person) => {
      const response = await t.app.inject({
        url: `/api/v1/users/${person.id}`,
        headers: bearer(person.token),
      });
      return response.json().points as number;
    }),
  );
  return {
    records,
    users: await t.db
      .select({ id: users.id, points: users.points, last: users.lastActivityLoggedAt })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(users.id),
    teams: await t.db
      .select({ id: teams.id, points: teams.points })
      .from(teams)
      .where(inArray(teams.captainUserId, ids))
      .orderBy(teams.id),
    // The category totals kept for the insights are detail: retention empties them (below).
    days: (
      await t.db
        .select()
        .from(dailySummaries)
        .where(inArray(dailySummaries.userId, ids))
        .orderBy(dailySummaries.userId, dailySummaries.localDate)
    ).map((day) => ({ ...day, categoryCents: undefined })),
  };
}

// The inactive accounts' years come after the reduction's, so neither run sees the other's people.
describe('inactive accounts', () => {
  const T0 = Date.parse('2030-03-01T12:00:00Z');
  const at = (ms: number) => t.clock.set(new Date(ms).toISOString());
  const lastSeen = async (id: number) =>
    (await t.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, id)))[0]?.at;
  const exists = async (id: number) => (await lastSeen(id)) !== undefined;

  it('e-mails adults 30 days before, deletes after 12 months unseen, and a sign-in keeps the account', async () => {
    at(T0);
    const admin = await signUpSchool(t.app);
    const student = await joinSchool(t.app, admin.school.id);
    const staff = await joinSchool(t.app, admin.school.id);
    const family = await joinTeam(t, student.team_id);
    const toStaff = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/schools/${admin.school.id}/users/${staff.id}/roles/staff`,
      headers: bearer(admin.token),
    });
    expect(toStaff.statusCode).toBe(200);
    // Notices go to confirmed addresses only (decision 0044).
    await confirmEmails(t, [admin, student, staff, family]);
    // The sign-up's welcome mail (decision 0061) goes out now, not among the notices below.
    await t.runJobs();
    const mailsBefore = t.mailbox.length;

    // Using a session counts as being seen, to the day.
    at(T0 + 20 * DAY_MS);
    await t.app.inject({ url: `/api/v1/users/${staff.id}`, headers: bearer(staff.token) });
    expect((await lastSeen(staff.id))?.getTime()).toBeGreaterThanOrEqual(T0 + 20 * DAY_MS);

    // 12 months after T0 less 29 days: within the 30 days of notice. The coordinator, deleted
    // only with the school, is not noticed; the student is, without a mail.
    const noticeAt = Date.parse('2031-03-01T12:00:00Z') - 29 * DAY_MS;
    at(noticeAt);
    const noticed = await runRetention();
    expect(noticed).toMatchObject({ inactiveAccountsNoticed: 2, inactivityMailsQueued: 1 });
    const notices = t.mailbox.slice(mailsBefore);
    expect(notices.map((mail) => mail.to)).toEqual([family.email]);
    expect(notices[0]?.subject).toBe('Your Wellbank account will be deleted');
    expect(notices[0]?.text).toContain('on or after 2031-03-02');
    // A second run sends no second notice.
    expect(await runRetention()).toMatchObject({ inactiveAccountsNoticed: 0 });

    // The family member signs in after the notice: kept.
    at(noticeAt + DAY_MS);
    await signIn(family);

    // 12 months unseen, but the notice is only 29 days old: not yet.
    // The staff member, seen 20 days after the others, is noticed now.
    at(noticeAt + 29 * DAY_MS);
    expect(await runRetention()).toMatchObject({
      inactiveAccountsDeleted: 0,
      inactiveAccountsNoticed: 1,
      inactivityMailsQueued: 1,
    });

    at(noticeAt + 30 * DAY_MS + 60_000);
    expect(await runRetention()).toMatchObject({ inactiveAccountsDeleted: 1 });
    expect(await exists(student.id)).toBe(false);
    expect(await exists(family.id)).toBe(true);
    expect(await exists(staff.id)).toBe(true);
    expect(await exists(admin.id)).toBe(true);
    expect(t.mailbox.slice(mailsBefore).map((mail) => mail.to)).toEqual([
      family.email,
      staff.email,
    ]);
  });
});

describe('reducing old days to their totals', () => {
  it('drops the per-activity detail months after an interval closes and keeps every point', async () => {
    // Monday 2025-01-06 in Denver: the first interval runs to 2025-05-06.
    t.clock.set('2025-01-06T18:00:00Z');
    let admin = await signUpSchool(t.app);
    let student = await joinSchool(t.app, admin.school.id);
    for (const person of [admin, student]) {
      await put(person, 'sleep', { minutes: 480 });
      await put(person, 'fitness', { vigorous_duration: 40, moderate_duration: 0, piggy_bank: 0 });
    }
    t.clock.advance(DAY_MS);
    await put(student, 'stress', { people: 2, money: 4, personal: 1, clock: 1, health: 3 });
    await put(student, 'fitness', { vigorous_duration: 0, moderate_duration: 0, piggy_bank: 1 });
    const before = await pointFigures([admin, student]);
    expect(before.days).toHaveLength(3);
    expect(before.records[1]).toBeGreaterThan(0);

    // Three months after the interval's end, to the day: not yet.
    t.clock.set('2025-08-06T18:00:00Z');
    expect(await runRetention()).toMatchObject({ reducedActivities: 0, reducedPiggyBanks: 0 });

    t.clock.set('2025-08-07T18:00:00Z');
    admin = await signIn(admin);
    student = await signIn(student);
    await put(student, 'sleep', { minutes: 300 }); // today's detail stays
    const withToday = await pointFigures([admin, student]);
    expect(await runRetention()).toMatchObject({ reducedActivities: 6, reducedPiggyBanks: 1 });

    const left = await t.db
      .select({ date: activities.localDate, type: activities.activityType })
      .from(activities)
      .where(inArray(activities.userId, [admin.id, student.id]));
    expect(left).toEqual([{ date: '2025-08-07', type: 'sleep' }]);
    // The admin's piggy bank earned on day one was never spent: still theirs to use.
    const banks = await t.db
      .select({ userId: piggyBanks.userId, spentOn: piggyBanks.spentOn })
      .from(piggyBanks)
      .where(inArray(piggyBanks.userId, [admin.id, student.id]));
    expect(banks).toEqual([{ userId: admin.id, spentOn: null }]);
    expect(await pointFigures([admin, student])).toEqual(withToday);
    const categoryTotals = await t.db
      .select({ date: dailySummaries.localDate, cents: dailySummaries.categoryCents })
      .from(dailySummaries)
      .where(eq(dailySummaries.userId, student.id))
      .orderBy(dailySummaries.localDate);
    expect(categoryTotals).toEqual([
      { date: '2025-01-06', cents: {} },
      { date: '2025-01-07', cents: {} },
      { date: '2025-08-07', cents: { sleep: 200 } },
    ]);

    // Points recomputed from what is left (the interval switched off and on) are the same.
    const [semester] = (
      await t.app.inject({
        url: `/api/v1/schools/${admin.school.id}/semesters`,
        headers: bearer(admin.token),
      })
    ).json().semesters as { id: number }[];
    const activate = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/schools/semesters/${semester?.id}/active`,
        headers: bearer(admin.token),
      });
    expect((await activate()).statusCode).toBe(200);
    expect((await pointFigures([admin, student])).users.map((user) => user.points)).toEqual([0, 0]);
    expect((await activate()).statusCode).toBe(200);
    expect((await pointFigures([admin, student])).users).toEqual(withToday.users);
    expect(before.days).toEqual(withToday.days.filter((day) => day.localDate < '2025-08-07'));
  });
});
