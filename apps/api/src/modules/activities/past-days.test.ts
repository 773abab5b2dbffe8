import { localDate, MESSAGES } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, piggyBanks, semesters, teams } from '../../db/schema.ts';
import { tableFingerprint } from '../../security/table-fingerprint.ts';
import { activityCalls, daySummaryRows, userRowOf } from '../../test/activity-calls.ts';
import { bearer, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { FULL_DAY } from '../../test/full-day.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { closeFinishedDays } from '../points/closed-points.ts';

/*
 * Issue #14 §4–5: a write names the school-local day it was made for (today or yesterday, by the
 * server's clock in the school's time zone), and a past day's change carries its streak forward.
 */

const t = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;
const DENVER = 'America/Denver';

async function denverUser() {
  const user = await signUpSchool(t.app, { timeZone: DENVER });
  return { user, calls: activityCalls(t, user.token) };
}

async function datesOf(userId: number) {
  return (await t.db.select().from(activities).where(eq(activities.userId, userId))).map(
    (row) => row.localDate,
  );
}

describe('the day a write is for', () => {
  it('lands a write made at 23:55 and synced at 00:10 with date=yesterday on yesterday', async () => {
    t.clock.set('2026-11-10T06:55:00Z'); // 23:55 on the 9th in Denver (MST)
    const { user, calls } = await denverUser();
    t.clock.set('2026-11-10T07:10:00Z'); // 00:10 on the 10th
    await calls.putOk('water', { cups: 4 }, { date: '2026-11-09' });
    expect(await datesOf(user.id)).toEqual(['2026-11-09']);
    expect((await calls.get('/activities')).json()).toEqual([]);
    const yesterday = (await calls.get('/activities', '2026-11-09')).json();
    expect(yesterday).toMatchObject([{ activity_type: 'water', total: 2 }]);
    expect((await daySummaryRows(t, user.id)).map((d) => d.localDate)).toEqual(['2026-11-09']);
  });

  it('is today when the body names no date, whatever day the client thinks it is', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const { user, calls } = await denverUser();
    await calls.putOk('water', { cups: 1 });
    await calls.putOk('sleep', { minutes: 60 }, { date: '2026-11-10' });
    expect(await datesOf(user.id)).toEqual(['2026-11-10', '2026-11-10']);
  });

  it.each([
    ['the day before yesterday', '2026-11-08'],
    ['tomorrow (a phone clock a day ahead)', '2026-11-11'],
    ['a year ago', '2025-11-10'],
  ])('refuses %s with 422 and writes nothing', async (_name, date) => {
    t.clock.set('2026-11-10T18:00:00Z');
    const { user, calls } = await denverUser();
    const before = await tableFingerprint(t.db);
    const response = await calls.put('water', { cups: 2 }, { date });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: MESSAGES.dayNotEditable });
    expect(await tableFingerprint(t.db)).toEqual(before);
    expect((await userRowOf(t, user.id)).lastActivityLoggedAt).toBeNull();
  });

  it.each([
    '2026-11-31',
    '2026-02-29',
    '11/09/2026',
    '2026-11-9',
    'yesterday',
    '',
    '2026-11-09T23:55:00Z',
  ])('refuses the malformed date %o with 422 and writes nothing', async (date) => {
    t.clock.set('2026-11-10T18:00:00Z');
    const { calls } = await denverUser();
    const before = await tableFingerprint(t.db);
    const response = await calls.put('water', { cups: 2 }, { date });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: MESSAGES.malformedDate });
    expect(await tableFingerprint(t.db)).toEqual(before);
  });

  it('refuses a date that is not a string as any other ill-typed field (422)', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const { user, calls } = await denverUser();
    for (const date of [20261109, null, ['2026-11-09'], { day: 9 }]) {
      const response = await calls.put('water', { cups: 2 }, { date });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
    expect(await datesOf(user.id)).toEqual([]);
  });
});

describe('daylight-saving changes in Denver', () => {
  it('keeps "today" on the local calendar on the night the clocks go back (1 November)', async () => {
    t.clock.set('2026-10-31T18:00:00Z');
    const { user, calls } = await denverUser();
    // 23:30 on 1 November, MST (UTC−7), already 2 November at UTC−6.
    t.clock.set('2026-11-02T06:30:00Z');
    await calls.putOk('water', { cups: 1 });
    await calls.putOk('sleep', { minutes: 480 }, { date: '2026-10-31' });
    const phoneAhead = await calls.put('rest', { duration: 4 }, { date: '2026-11-02' });
    expect(phoneAhead.statusCode).toBe(422);
    // 00:10 on 2 November: the 23:55 write of the 1st syncs now.
    t.clock.set('2026-11-02T07:10:00Z');
    await calls.putOk('food', { green: 2 }, { date: '2026-11-01' });
    expect((await calls.put('rest', { duration: 4 }, { date: '2026-10-31' })).statusCode).toBe(422);
    const rows = await t.db.select().from(activities).where(eq(activities.userId, user.id));
    expect(Object.fromEntries(rows.map((r) => [r.activityType, r.localDate]))).toEqual({
      water: '2026-11-01',
      sleep: '2026-10-31',
      food: '2026-11-01',
    });
  });

  it('keeps "today" on the local calendar on the night the clocks go forward (8 March)', async () => {
    t.clock.set('2026-03-07T18:00:00Z');
    const { user, calls } = await denverUser();
    // 00:30 on 9 March, MDT (UTC−6); at last winter's UTC−7 it would still be the 8th.
    t.clock.set('2026-03-09T06:30:00Z');
    await calls.putOk('water', { cups: 1 });
    await calls.putOk('sleep', { minutes: 480 }, { date: '2026-03-08' });
    const tooOld = await calls.put('rest', { duration: 4 }, { date: '2026-03-07' });
    expect(tooOld.json()).toEqual({ error: MESSAGES.dayNotEditable });
    // 23:30 on 8 March, MDT: still the 8th, so the 7th is yesterday.
    t.clock.set('2026-03-09T05:30:00Z');
    await calls.putOk('rest', { duration: 4 }, { date: '2026-03-07' });
    expect((await daySummaryRows(t, user.id)).map((d) => d.localDate)).toEqual([
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ]);
  });

  it('counts a past day’s write as that day’s last moment, never later than the latest day', async () => {
    t.clock.set('2026-11-01T18:00:00Z');
    const { user, calls } = await denverUser();
    t.clock.set('2026-11-02T15:00:00Z'); // 08:00 on the 2nd
    await calls.putOk('water', { cups: 1 }, { date: '2026-11-01' });
    const lastActivity = (await userRowOf(t, user.id)).lastActivityLoggedAt;
    // 1 November is 25 hours long: it ends at 07:00 UTC on the 2nd (MST).
    expect(lastActivity?.toISOString()).toBe('2026-11-02T06:59:59.999Z');
    expect(localDate(lastActivity ?? new Date(0), DENVER)).toBe('2026-11-01');
    // Today's write moves it to now; yesterday's after it leaves it there.
    await calls.putOk('water', { cups: 2 });
    const now = (await userRowOf(t, user.id)).lastActivityLoggedAt;
    expect(localDate(now ?? new Date(0), DENVER)).toBe('2026-11-02');
    await calls.putOk('sleep', { minutes: 60 }, { date: '2026-11-01' });
    expect((await userRowOf(t, user.id)).lastActivityLoggedAt).toEqual(now);
  });
});

describe('GET /activities?date= and GET /piggy-banks?date=', () => {
  it('reads any past day, today without a date, and refuses a future or malformed one', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const { calls } = await denverUser();
    await calls.putOk('water', { cups: 4 }, { date: '2026-11-09' });
    for (const path of ['/activities', '/piggy-banks'] as const) {
      expect((await calls.get(path, '2019-05-01')).json()).toEqual([]);
      const future = await calls.get(path, '2026-11-11');
      expect(future.statusCode).toBe(422);
      expect(future.json()).toEqual({ error: MESSAGES.dayInFuture });
      const malformed = await calls.get(path, '2026-13-01');
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json()).toEqual({ error: MESSAGES.malformedDate });
    }
    expect((await calls.get('/activities', '2026-11-09')).json()).toHaveLength(1);
    expect((await calls.get('/activities', '2026-11-10')).json()).toEqual([]);
  });

  it('shows each user only their own past day', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const { user, calls } = await denverUser();
    await calls.putOk('water', { cups: 4 }, { date: '2026-11-09' });
    const student = await joinSchool(t.app, user.school.id);
    const theirs = await t.app.inject({
      url: '/api/v1/activities?date=2026-11-09',
      headers: bearer(student.token),
    });
    expect(theirs.json()).toEqual([]);
  });
});

describe('fixing yesterday', () => {
  async function teamPoints(teamId: number) {
    const [row] = await t.db.select().from(teams).where(eq(teams.id, teamId));
    return row?.points;
  }

  /** FULL_DAY at every category's maximum: $24.00, 240 points. */
  const MAX_DAY = {
    ...FULL_DAY,
    water: { cups: 8, fruit: 0, vegetables: 0 },
    fitness: { vigorous_duration: 24, moderate_duration: 0, piggy_bank: 0 },
    food: { green: 16, yellow: 0, red: 0 },
  };

  it('brings a broken streak and its points back, for the user, the team and the leaderboard', async () => {
    // Tuesday to Thursday: school days (decision 0082).
    t.clock.set('2026-11-10T18:00:00Z');
    const { user, calls } = await denverUser();
    const rival = activityCalls(t, (await joinSchool(t.app, user.school.id)).token);
    const logMaxDay = async () => {
      for (const [type, values] of Object.entries(MAX_DAY)) await rival.putOk(type, values);
    };
    await calls.logFullDay(); // the 10th: streak 1
    await logMaxDay(); // the rival: 245
    t.clock.advance(DAY_MS);
    await calls.logFullDay(); // the 11th, but one stress rating forgotten: the streak breaks
    await calls.putOk('stress', { ...FULL_DAY.stress, health: 0 });
    await logMaxDay(); // the rival: 250
    t.clock.advance(DAY_MS);
    await calls.logFullDay(); // the 12th: streak 1 again
    await rival.putOk('sleep', { minutes: 540 }); // the rival: $4 + $4 + $1.50 = 95
    await rival.putOk('water', { cups: 8 });
    await rival.putOk('rest', { duration: 12 });

    const broken = 195 + 190 + 195;
    expect((await userRowOf(t, user.id)).points).toBe(broken);
    const myTeam = async () =>
      (await t.app.inject({ url: '/api/v1/teams/me', headers: bearer(user.token) })).json();
    // What others see of the team counts closed days only (decision 0043): the edit moves nothing.
    const seenByOthers = await myTeam();

    await calls.putOk('stress', FULL_DAY.stress, { date: '2026-11-11' });

    const days = await daySummaryRows(t, user.id);
    expect(days.map((d) => [d.localDate, d.isComplete, d.streakLength, d.streakPoints])).toEqual([
      ['2026-11-10', true, 1, 5],
      ['2026-11-11', true, 2, 10],
      ['2026-11-12', true, 3, 15],
    ]);
    const fixed = 195 + 200 + 205;
    expect((await userRowOf(t, user.id)).points).toBe(fixed);
    expect(await teamPoints(user.team_id ?? 0)).toBe(fixed);
    expect(await myTeam()).toEqual(seenByOthers);
    const record = await t.app.inject({
      url: `/api/v1/users/${user.id}`,
      headers: bearer(user.token),
    });
    expect(record.json().points).toBe(fixed);

    // Breaking yesterday again takes today's streak points with it.
    await calls.putOk('stress', { ...FULL_DAY.stress, money: 0 }, { date: '2026-11-11' });
    expect((await userRowOf(t, user.id)).points).toBe(broken);
    expect(await teamPoints(user.team_id ?? 0)).toBe(broken);
    expect(await myTeam()).toEqual(seenByOthers);
    // Once the days have closed, the leaderboard has them: the rival's 590 lead.
    t.clock.advance(2 * DAY_MS);
    await closeFinishedDays(t.db, t.clock.now());
    expect(await myTeam()).toMatchObject({ points: broken, rank: 2 });
  });

  it('keeps the streak exact when yesterday’s and today’s writes arrive together', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const { user, calls } = await denverUser();
    const writes = Object.entries(FULL_DAY).flatMap(([type, values]) => [
      calls.put(type, values),
      calls.put(type, values, { date: '2026-11-09' }),
    ]);
    expect((await Promise.all(writes)).map((r) => r.statusCode)).toEqual(writes.map(() => 200));
    const days = await daySummaryRows(t, user.id);
    expect(days.map((d) => [d.localDate, d.streakLength])).toEqual([
      ['2026-11-09', 1],
      ['2026-11-10', 2],
    ]);
    // The interval starts on the day the school signed up, so only the 10th counts: 190 + 10.
    expect((await userRowOf(t, user.id)).points).toBe(200);
    expect(await teamPoints(user.team_id ?? 0)).toBe(200);
  });

  it('counts only the days inside the active interval', async () => {
    t.clock.set('2026-11-09T18:00:00Z');
    const { user, calls } = await denverUser();
    await t.db
      .update(semesters)
      .set({ startDate: '2026-11-10' })
      .where(eq(semesters.schoolId, user.school.id));
    await calls.logFullDay(); // the 9th, outside the interval
    await calls.putOk('stress', { ...FULL_DAY.stress, health: 0 });
    t.clock.advance(DAY_MS);
    await calls.logFullDay(); // the 10th, inside
    expect((await userRowOf(t, user.id)).points).toBe(195);

    await calls.putOk('stress', FULL_DAY.stress, { date: '2026-11-09' });
    // The 9th (195 points) counts nowhere; the 10th's streak of 2 adds 5.
    expect((await userRowOf(t, user.id)).points).toBe(200);
    expect((await daySummaryRows(t, user.id)).map((d) => d.streakPoints)).toEqual([5, 10]);
  });
});

describe('piggy banks of yesterday', () => {
  const fitness = (vigorous: number, piggyBank: number) => ({
    vigorous_duration: vigorous,
    moderate_duration: 0,
    piggy_bank: piggyBank,
  });

  async function banksOf(userId: number) {
    const rows = await t.db.select().from(piggyBanks).where(eq(piggyBanks.userId, userId));
    return rows
      .map((row) => [row.earnedOn, row.spentOn] as const)
      .sort(([a], [b]) => a.localeCompare(b));
  }

  it('earns one yesterday that today can use, but yesterday itself cannot', async () => {
    t.clock.set('2026-11-10T18:00:00Z');
    const { user, calls } = await denverUser();
    await calls.putOk('fitness', fitness(32, 0), { date: '2026-11-09' });
    expect(await banksOf(user.id)).toEqual([['2026-11-09', null]]);
    expect((await calls.get('/piggy-banks', '2026-11-09')).json()).toEqual([]);
    expect((await calls.get('/piggy-banks')).json()).toEqual([
      { id: expect.any(Number), earned_on: '2026-11-09' },
    ]);
    const refused = await calls.put('fitness', fitness(0, 1), { date: '2026-11-09' });
    expect(refused.json()).toEqual({ error: MESSAGES.noSavings });
  });

  it('lets yesterday use a piggy bank earned before it, and undo that', async () => {
    t.clock.set('2026-11-08T18:00:00Z');
    const { user, calls } = await denverUser();
    await calls.putOk('fitness', fitness(32, 0));
    t.clock.advance(2 * DAY_MS);
    expect((await calls.get('/piggy-banks', '2026-11-09')).json()).toHaveLength(1);
    const used = await calls.putOk('fitness', fitness(4, 1), { date: '2026-11-09' });
    expect(used.total).toBe(5);
    expect(await banksOf(user.id)).toEqual([['2026-11-08', '2026-11-09']]);
    expect((await calls.get('/piggy-banks')).json()).toEqual([]);
    await calls.putOk('fitness', fitness(4, 0), { date: '2026-11-09' });
    expect(await banksOf(user.id)).toEqual([['2026-11-08', null]]);
  });

  it('refuses to drop yesterday’s piggy bank that today spent, unless another can take its place', async () => {
    t.clock.set('2026-11-08T18:00:00Z');
    const { user, calls } = await denverUser();
    await calls.putOk('fitness', fitness(32, 0)); // earns on the 8th
    t.clock.advance(DAY_MS);
    await calls.putOk('fitness', fitness(32, 1)); // the 9th earns one and spends the 8th's
    t.clock.advance(DAY_MS);
    await calls.putOk('fitness', fitness(0, 1)); // the 10th spends the 9th's
    expect(await banksOf(user.id)).toEqual([
      ['2026-11-08', '2026-11-09'],
      ['2026-11-09', '2026-11-10'],
    ]);
    const pointsBefore = (await userRowOf(t, user.id)).points;

    const before = await tableFingerprint(t.db);
    const refused = await calls.put('fitness', fitness(10, 1), { date: '2026-11-09' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: MESSAGES.piggyBankUsedLater });
    expect(await tableFingerprint(t.db)).toEqual(before);

    // Undoing savings on the 9th frees the 8th's piggy bank, which the 10th then spends instead.
    const edited = await calls.putOk('fitness', fitness(10, 0), { date: '2026-11-09' });
    expect(edited.total).toBe(2.5);
    expect(await banksOf(user.id)).toEqual([['2026-11-08', '2026-11-10']]);
    // The 9th lost $4 + $2.00 − $2.50 of fitness... its day points alone changed.
    expect((await userRowOf(t, user.id)).points).toBe(pointsBefore - 60 + 25);
  });
});
