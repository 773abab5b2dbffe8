import {
  addDays,
  type ColorCount,
  type SessionRecord,
  type WeeklySnapshot,
} from '@wellbank/domain';
import { describe, expect, it } from 'vitest';
import { joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { as, CAST_ROLES, seedCast, seedDay } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();

const LOS_ANGELES = 'America/Los_Angeles';
const NEW_YORK = 'America/New_York';
const DENVER = 'America/Denver';
// Each test sets the clock before anyone signs up: sessions end after 30 idle days, so a jump
// forward from the date an earlier test left behind could sign its users out.
/** Monday 23 November 2026, 11:00 in Denver: the previous week is 16–22 November. */
const DENVER_MONDAY = '2026-11-23T18:00:00Z';

const noColors: ColorCount = {
  dark_red: 0,
  light_red: 0,
  yellow: 0,
  light_green: 0,
  dark_green: 0,
};

function schoolIn(timeZone: string): Promise<SessionRecord> {
  return signUpSchool(t.app, { timeZone });
}

/** Seeds the user's summaries; balances (and food, when given) in cents, keyed by date. */
async function seedDays(
  user: SessionRecord,
  days: Record<string, number | { balanceCents: number; foodCents: number }>,
) {
  for (const [date, day] of Object.entries(days)) {
    const cents = typeof day === 'number' ? { balanceCents: day } : day;
    await seedDay(t, { userId: user.id, schoolId: user.school.id, date, ...cents });
  }
}

async function weekly(user: SessionRecord): Promise<WeeklySnapshot> {
  const response = await t.app.inject({ url: '/api/v1/snapshots/weekly', headers: as(user) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function daily(user: SessionRecord, query = '') {
  return t.app.inject({ url: `/api/v1/snapshots/daily${query}`, headers: as(user) });
}

describe('GET /snapshots/weekly', () => {
  it('takes the previous Monday–Sunday of the school’s own time zone', async () => {
    t.clock.set('2026-11-23T06:30:00Z'); // 22:30 Sunday in Los Angeles, 01:30 Monday in New York
    const angeleno = await schoolIn(LOS_ANGELES);
    const newYorker = await schoolIn(NEW_YORK);
    const days = {
      '2026-11-08': 1000, // Sunday before both weeks
      '2026-11-09': 100, // Monday: first day of the week before last
      '2026-11-15': 200, // Sunday: its last day
      '2026-11-16': 300, // Monday: first day of last week
      '2026-11-22': 400, // Sunday: its last day
      '2026-11-23': 5000, // this Monday
    };
    await seedDays(angeleno, days);
    await seedDays(newYorker, days);

    expect(await weekly(angeleno)).toMatchObject({ days_banked: 2, weekly_balance: 3 });
    expect(await weekly(newYorker)).toMatchObject({ days_banked: 2, weekly_balance: 7 });

    t.clock.set('2026-11-23T08:30:00Z'); // 00:30 Monday in Los Angeles
    expect(await weekly(angeleno)).toMatchObject({ days_banked: 2, weekly_balance: 7 });
  });

  it.each([
    // Summer time ends on Sunday 1 November 2026: New York is UTC−5 from then on.
    {
      timeZone: NEW_YORK,
      sundayBefore: '2026-10-25',
      week: '2026-10-26',
      mondayAfter: '2026-11-02',
      lateSunday: '2026-11-02T04:30:00Z', // would be 00:30 Monday at the summer offset
      earlyMonday: '2026-11-02T05:30:00Z',
    },
    // Summer time starts on Sunday 8 March 2026: Los Angeles is UTC−7 from then on.
    {
      timeZone: LOS_ANGELES,
      sundayBefore: '2026-03-01',
      week: '2026-03-02',
      mondayAfter: '2026-03-09',
      lateSunday: '2026-03-09T06:30:00Z',
      earlyMonday: '2026-03-09T07:30:00Z', // would be 23:30 Sunday at the winter offset
    },
  ])('counts the 7 days of the week with the change of clocks in $timeZone', async (change) => {
    t.clock.set(change.earlyMonday);
    const user = await schoolIn(change.timeZone);
    const weekDays = Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].map((n) => [addDays(change.week, n), 100]),
    );
    await seedDays(user, { [change.sundayBefore]: 1000, ...weekDays, [change.mondayAfter]: 5000 });

    expect(await weekly(user)).toMatchObject({ days_banked: 7, weekly_balance: 7 });

    t.clock.set(change.lateSunday); // still the week of the change: the week before it is shown
    expect(await weekly(user)).toMatchObject({ days_banked: 1, weekly_balance: 10 });
  });

  it('counts balance and food colours separately by the dashboard thresholds', async () => {
    t.clock.set(DENVER_MONDAY);
    const user = await schoolIn(DENVER);
    const day = (balanceCents: number, foodCents: number) => ({ balanceCents, foodCents });
    await seedDays(user, {
      '2026-11-15': day(-1000, -1000), // the Sunday before: not counted
      '2026-11-16': day(-251, -250),
      '2026-11-17': day(-250, -249),
      '2026-11-18': day(-100, -100),
      '2026-11-19': day(100, -99),
      '2026-11-20': day(249, 99),
      '2026-11-21': day(250, 100),
      '2026-11-22': day(-1000, 250),
      '2026-11-23': day(1000, 1000), // today: not counted
    });

    expect(await weekly(user)).toMatchObject({
      daily_balance_color_count: {
        dark_red: 3,
        light_red: 1,
        yellow: 0,
        light_green: 2,
        dark_green: 1,
      },
      daily_food_color_count: {
        dark_red: 1,
        light_red: 2,
        yellow: 2,
        light_green: 1,
        dark_green: 1,
      },
      days_banked: 7,
      weekly_balance: -10.02,
    });
  });

  it('sums day and streak points over the active interval only, its ends included', async () => {
    t.clock.set(DENVER_MONDAY);
    const admin = await schoolIn(DENVER);
    const classmate = await joinSchool(t.app, admin.school.id);
    const seed = (date: string, dayPoints: number, streakPoints: number) =>
      seedDay(t, { userId: admin.id, schoolId: admin.school.id, date, dayPoints, streakPoints });
    await seed('2026-11-09', 100, 35);
    await seed('2026-11-10', 12, 5);
    await seed('2026-11-20', -3, 10);
    await seed('2026-11-21', 50, 15);
    await seedDays(classmate, { '2026-11-12': 5000 });
    const interval = { start_date: '2026-11-10', end_date: '2026-11-20', points_needed: 500 };
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${admin.school.id}/semesters`,
      headers: as(admin),
      payload: interval,
    });
    const toggle = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/schools/semesters/${created.json().id}/active`,
        headers: as(admin),
      });
    expect((await toggle()).statusCode).toBe(200);

    expect(await weekly(admin)).toMatchObject({
      semester: interval,
      semester_user_points: 9,
      semester_streak_points: 15,
    });

    expect((await toggle()).json()).toMatchObject({ is_active: false });
    expect(await weekly(admin)).toMatchObject({
      semester: null,
      semester_user_points: 0,
      semester_streak_points: 0,
    });
  });

  it('answers every role with their own week, and 401 without a token', async () => {
    t.clock.set(DENVER_MONDAY);
    const cast = await seedCast(t);
    await seedDays(cast.student, { '2026-11-18': 150 });
    await seedDays(cast.community, { '2026-11-19': 300, '2026-11-20': -20 });

    const weeks: Record<string, [number, number]> = {};
    for (const role of CAST_ROLES) {
      const week = await weekly(cast[role]);
      weeks[role] = [week.days_banked, week.weekly_balance];
    }
    expect(weeks).toEqual({
      admin: [0, 0],
      staff: [0, 0],
      student: [1, 1.5],
      community: [2, 2.8],
      otherAdmin: [0, 0],
    });
    expect(await weekly(cast.admin)).toMatchObject({
      daily_balance_color_count: noColors,
      daily_food_color_count: noColors,
    });
    const anonymous = await t.app.inject({ url: '/api/v1/snapshots/weekly' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /snapshots/daily', () => {
  it('lists the caller’s last N school-local days, today included, in dollars', async () => {
    t.clock.set('2026-11-23T06:30:00Z'); // Sunday the 22nd in Los Angeles, Monday in New York
    const angeleno = await schoolIn(LOS_ANGELES);
    const newYorker = await schoolIn(NEW_YORK);
    const days = { '2026-11-08': 50, '2026-11-20': -125, '2026-11-22': 250, '2026-11-23': 375 };
    await seedDays(angeleno, days);
    await seedDays(newYorker, days);

    const balances = async (user: SessionRecord, query: string) => {
      const response = await daily(user, query);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await balances(angeleno, '?days=3')).toEqual([
      { date: '2026-11-20', balance: -1.25 },
      { date: '2026-11-22', balance: 2.5 },
    ]);
    expect(await balances(newYorker, '?days=3')).toEqual([
      { date: '2026-11-22', balance: 2.5 },
      { date: '2026-11-23', balance: 3.75 },
    ]);
    expect(await balances(angeleno, '?days=1')).toEqual([{ date: '2026-11-22', balance: 2.5 }]);
    // 14 days by default: 9–22 November in Los Angeles.
    expect((await balances(angeleno, '')).map((d: { date: string }) => d.date)).toEqual([
      '2026-11-20',
      '2026-11-22',
    ]);
    expect((await balances(angeleno, '?days=15')).map((d: { date: string }) => d.date)).toEqual([
      '2026-11-08',
      '2026-11-20',
      '2026-11-22',
    ]);
    expect((await balances(angeleno, '?days=31')).length).toBe(3);
  });

  it.each([
    ['0', 'days must be at least 1'],
    ['-3', 'days must be at least 1'],
    ['32', 'days must be at most 31'],
    ['1.5', 'days must be a whole number'],
    ['abc', 'days must be a number'],
  ])('answers 422 for days=%s', async (days, message) => {
    const user = await schoolIn(DENVER);
    const response = await daily(user, `?days=${days}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: message });
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ url: '/api/v1/snapshots/daily?days=3' });
    expect(response.statusCode).toBe(401);
  });
});
