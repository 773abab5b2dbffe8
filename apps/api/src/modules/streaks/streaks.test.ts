import { addDays, HOLIDAY_MESSAGES, type SchoolHolidays, type StreakView } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, dailySummaries } from '../../db/schema.ts';
import { activityCalls } from '../../test/activity-calls.ts';
import { type EmailSession, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { FULL_DAY } from '../../test/full-day.ts';
import { as } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();

/** Monday 2 November 2026; noon in Denver, the test schools' zone. */
const MONDAY = '2026-11-02';
const noonOf = (date: string) => `${date}T19:00:00Z`;
const day = (offset: number) => addDays(MONDAY, offset);

async function streakOf(user: EmailSession, of = user) {
  const response = await t.app.inject({ url: `/api/v1/users/${of.id}/streak`, headers: as(user) });
  return { status: response.statusCode, body: response.json() as StreakView };
}

const holiday = (user: EmailSession, method: 'PUT' | 'DELETE', date: string) =>
  t.app.inject({
    method,
    url: `/api/v1/schools/${user.school.id}/holidays/${date}`,
    headers: as(user),
  });

async function holidaysOf(user: EmailSession) {
  const response = await t.app.inject({
    url: `/api/v1/schools/${user.school.id}/holidays`,
    headers: as(user),
  });
  return (response.json() as SchoolHolidays).holidays;
}

async function schoolWithStudent() {
  t.clock.set(noonOf(MONDAY));
  const coordinator = await signUpSchool(t.app);
  const student = await joinSchool(t.app, coordinator.school.id);
  return { coordinator, student };
}

/** Logs a complete day on each of `offsets` (days after MONDAY), on the day itself. */
async function fullDaysOn(student: EmailSession, offsets: number[]) {
  for (const offset of offsets) {
    t.clock.set(noonOf(day(offset)));
    await activityCalls(t, student.token).logFullDay();
  }
}

async function storedDay(student: EmailSession, date: string) {
  const [row] = await t.db
    .select()
    .from(dailySummaries)
    .where(and(eq(dailySummaries.userId, student.id), eq(dailySummaries.localDate, date)));
  return row;
}

describe('streaks that forgive', () => {
  it('a weekend neither breaks the streak nor grows it, and a complete Saturday earns no streak points', async () => {
    const { student } = await schoolWithStudent();
    await fullDaysOn(student, [3, 4, 5, 7]); // Thursday, Friday, Saturday, Monday
    expect(await storedDay(student, day(5))).toMatchObject({
      isComplete: true,
      streakLength: 2,
      streakPoints: 0,
    });
    expect(await storedDay(student, day(7))).toMatchObject({ streakLength: 3, streakPoints: 15 });
    const { status, body } = await streakOf(student);
    expect(status).toBe(200);
    expect(body).toMatchObject({ streak_length: 3, rest_days: 0 });
    expect(body.week.map((d) => d.mark)).toEqual([
      'complete',
      null,
      null,
      null,
      null,
      'day_off',
      'day_off',
    ]);
    expect(body.week[0]?.date).toBe(day(7));
    // Tuesday to Friday not logged (no rest day held), then a complete Saturday, today: a day off
    // all the same, on a streak broken on Tuesday.
    await fullDaysOn(student, [12]);
    const saturday = (await streakOf(student)).body;
    expect(saturday.week.map((d) => d.mark)).toEqual([
      'complete',
      'missed',
      'missed',
      'missed',
      'missed',
      'day_off',
      'day_off',
    ]);
    expect(saturday.streak_length).toBe(0);
  });

  it('five complete school days earn a rest day, which a missed Monday uses: the streak goes on', async () => {
    const { student } = await schoolWithStudent();
    await fullDaysOn(student, [0, 1, 2, 3, 4]);
    expect((await streakOf(student)).body).toMatchObject({ streak_length: 5, rest_days: 1 });
    // Monday (day 7) nothing logged; Tuesday complete.
    await fullDaysOn(student, [8]);
    expect(await storedDay(student, day(8))).toMatchObject({
      streakLength: 6,
      restDays: 0,
      streakPoints: 30,
    });
    const { body } = await streakOf(student);
    expect(body).toMatchObject({ streak_length: 6, rest_days: 0 });
    expect(body.week.slice(0, 2).map((d) => d.mark)).toEqual(['rest_day', 'complete']);
    // Wednesday: today, not complete yet; the streak shown is the one held since Tuesday.
    t.clock.set(noonOf(day(9)));
    await activityCalls(t, student.token).putOk('water', FULL_DAY.water);
    expect((await streakOf(student)).body).toMatchObject({ streak_length: 6, rest_days: 0 });
    expect((await streakOf(student)).body.week[2]?.mark).toBeNull();
  });

  it('a missed school day with no rest day held breaks it', async () => {
    const { student } = await schoolWithStudent();
    await fullDaysOn(student, [0, 1, 3]);
    expect(await storedDay(student, day(3))).toMatchObject({ streakLength: 1, streakPoints: 5 });
    t.clock.set(noonOf(day(3)));
    expect((await streakOf(student)).body.week.slice(0, 4).map((d) => d.mark)).toEqual([
      'complete',
      'complete',
      'missed',
      'complete',
    ]);
  });

  it('a day the coordinator marked as without school keeps the streak, and the edit of yesterday carries forward', async () => {
    const { coordinator, student } = await schoolWithStudent();
    expect((await holiday(coordinator, 'PUT', day(2))).statusCode).toBe(204);
    await fullDaysOn(student, [0, 1, 3]);
    expect(await storedDay(student, day(3))).toMatchObject({ streakLength: 3 });
    t.clock.set(noonOf(day(3)));
    expect((await streakOf(student)).body.week[2]?.mark).toBe('day_off');

    // Thursday's stress is undone on Friday, as an edit of yesterday: Thursday breaks (no rest
    // day held), and Friday, complete already, follows it.
    await fullDaysOn(student, [4]);
    expect(await storedDay(student, day(4))).toMatchObject({ streakLength: 4, streakPoints: 20 });
    const calls = activityCalls(t, student.token);
    const unrated = { ...FULL_DAY.stress, health: 0 };
    await calls.putOk('stress', unrated, { date: day(3) });
    expect(await storedDay(student, day(3))).toMatchObject({ isComplete: false, streakLength: 0 });
    expect(await storedDay(student, day(4))).toMatchObject({ streakLength: 1, streakPoints: 5 });
    await calls.putOk('stress', FULL_DAY.stress, { date: day(3) });
    expect(await storedDay(student, day(4))).toMatchObject({ streakLength: 4, streakPoints: 20 });
  });

  it('is the owner’s: another person’s streak is not found', async () => {
    const { coordinator, student } = await schoolWithStudent();
    expect((await streakOf(coordinator, student)).status).toBe(404);
  });
});

describe('the calendar of days without school', () => {
  it('the coordinator marks and unmarks weekdays ahead; every member reads them; the log says so', async () => {
    const { coordinator, student } = await schoolWithStudent();
    expect((await holiday(coordinator, 'PUT', day(3))).statusCode).toBe(204);
    expect((await holiday(coordinator, 'PUT', day(3))).statusCode).toBe(204);
    expect((await holiday(coordinator, 'PUT', day(8))).statusCode).toBe(204);
    expect(await holidaysOf(student)).toEqual([day(3), day(8)]);
    expect((await holiday(coordinator, 'DELETE', day(8))).statusCode).toBe(204);
    expect(await holidaysOf(coordinator)).toEqual([day(3)]);
    const entries = await t.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.schoolId, coordinator.school.id));
    expect(entries.filter((e) => e.action.startsWith('holiday.'))).toEqual([
      { action: 'holiday.add', detail: day(3) },
      { action: 'holiday.add', detail: day(8) },
      { action: 'holiday.remove', detail: day(8) },
    ]);
    // Once the day has come, it is no longer listed, nor can it be unmarked.
    t.clock.set(noonOf(day(4)));
    expect(await holidaysOf(coordinator)).toEqual([]);
    const late = await holiday(coordinator, 'DELETE', day(3));
    expect(late.statusCode).toBe(422);
  });

  it('refuses today, a past day, a weekend, a day more than a year ahead; a malformed date names nothing', async () => {
    const { coordinator, student } = await schoolWithStudent();
    const refusals: [string, number, string | undefined][] = [
      [day(0), 422, HOLIDAY_MESSAGES.notAhead],
      [day(-3), 422, HOLIDAY_MESSAGES.notAhead],
      [day(5), 422, HOLIDAY_MESSAGES.notAWeekday],
      [addDays(MONDAY, 368), 422, HOLIDAY_MESSAGES.tooFarAhead],
      // A path names a day one way only, as it names an id (http/params.ts): else 404.
      ['2026-02-30', 404, undefined],
      ['tomorrow', 404, undefined],
    ];
    for (const [date, status, error] of refusals) {
      const response = await holiday(coordinator, 'PUT', date);
      expect(response.statusCode, date).toBe(status);
      if (error) expect(response.json()).toEqual({ error });
      else expect(response.json()).toHaveProperty('error');
    }
    expect((await holiday(student, 'PUT', day(3))).statusCode).toBe(403);
    expect(await holidaysOf(coordinator)).toEqual([]);
  });
});
