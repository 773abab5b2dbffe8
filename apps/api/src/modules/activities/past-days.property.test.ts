import {
  ACTIVITY_TYPES,
  type ActivityType,
  activityTotalCents,
  addDays,
  type DaySummary,
  dayCategoryCents,
  earnsPiggyBank,
  isSchoolDay,
  type KeptStreakDay,
  MESSAGES,
  PROPERTY_KEYS,
  type PropertyValues,
  summarizeDay,
  summaryPoints,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, piggyBanks, semesters, teamMembers, teams } from '../../db/schema.ts';
import { activityCalls, daySummaryRows, userRowOf } from '../../test/activity-calls.ts';
import { joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { FULL_DAY } from '../../test/full-day.ts';
import { replaySeed } from '../../test/test-env.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/*
 * Issue #14 §5: whatever edits of today and yesterday a user makes over several days, every stored
 * day summary and the user's and team's points equal a fresh recomputation from the stored
 * activities with the domain's scoring, and the piggy banks stay conserved. The seed is printed;
 * `FC_SEED=<seed>` replays a run.
 */

const SEED = Number(replaySeed() ?? Math.floor(Math.random() * 2 ** 31));
const DAY_MS = 24 * 60 * 60 * 1000;
/** Noon in Denver on the day the school signs up: its interval starts that day. */
const SCHOOL_START = '2026-11-01T19:00:00Z';
/** Days without school, marked ahead on the first day; the runs cover weekends too. */
const HOLIDAYS = new Set(['2026-11-04', '2026-11-11', '2026-11-12', '2026-11-26', '2026-11-27']);

const t = useTestApp();
let schoolId = 0;
beforeAll(async () => {
  t.clock.set(SCHOOL_START);
  const coordinator = await signUpSchool(t.app, { timeZone: 'America/Denver' });
  schoolId = coordinator.school.id;
  for (const date of HOLIDAYS) {
    const marked = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/schools/${schoolId}/holidays/${date}`,
      headers: { authorization: `Bearer ${coordinator.token}` },
    });
    expect(marked.statusCode, marked.body).toBe(204);
  }
});

type Step =
  | { kind: 'nextDay' }
  | { kind: 'fullDay'; yesterday: boolean }
  /** Complete days one after the other: streaks long enough to earn rest days (decision 0082). */
  | { kind: 'fullDays'; count: number }
  | { kind: 'write'; yesterday: boolean; type: ActivityType; values: PropertyValues };

/** Small values, so that complete days, broken streaks and piggy banks all come up often. */
const valuesOf = (type: ActivityType): fc.Arbitrary<PropertyValues> => {
  if (type === 'stress') {
    return fc.record(
      Object.fromEntries(PROPERTY_KEYS.stress.map((key) => [key, fc.constantFrom(0, 1, 1, 1, 3)])),
    );
  }
  if (type === 'fitness') {
    return fc.record({
      vigorous_duration: fc.constantFrom(0, 10, 32, 40),
      moderate_duration: fc.integer({ min: 0, max: 20 }),
      piggy_bank: fc.constantFrom(0, 0, 1),
    });
  }
  const [key, ...others] = PROPERTY_KEYS[type];
  return fc.record({
    [key as string]: fc.integer({ min: 0, max: 20 }),
    ...Object.fromEntries(others.map((other) => [other, fc.integer({ min: 0, max: 3 })])),
  });
};

/** Stress and fitness most often: they make and break streaks and piggy banks. */
const WRITTEN_TYPES: ActivityType[] = [...ACTIVITY_TYPES, 'stress', 'stress', 'fitness', 'fitness'];

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'nextDay' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('fullDay' as const), yesterday: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fullDays' as const),
      count: fc.integer({ min: 2, max: 8 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.constantFrom(...WRITTEN_TYPES).chain((type) =>
      fc.record({
        kind: fc.constant('write' as const),
        yesterday: fc.boolean(),
        type: fc.constant(type),
        values: valuesOf(type),
      }),
    ),
  },
);

type FreshDay = DaySummary & { categoryCents: ReturnType<typeof dayCategoryCents> };

/**
 * The user's days recomputed from nothing but the stored activities and the domain's rules: each
 * day walks on from the day computed before it, through weekends, holidays and days not logged.
 */
async function freshDays(userId: number): Promise<Map<string, FreshDay>> {
  const rows = await t.db.select().from(activities).where(eq(activities.userId, userId));
  const byDate = new Map<string, typeof rows>();
  for (const row of rows) byDate.set(row.localDate, [...(byDate.get(row.localDate) ?? []), row]);
  const days = new Map<string, FreshDay>();
  let lastKept: KeptStreakDay | undefined;
  for (const date of [...byDate.keys()].sort()) {
    const scored = (byDate.get(date) ?? []).map((row) => ({
      activity_type: row.activityType,
      total_cents: activityTotalCents(row.activityType, row.properties),
      values: row.properties,
    }));
    const summary = summarizeDay(scored, { date, lastKept, holidays: HOLIDAYS });
    days.set(date, { ...summary, categoryCents: dayCategoryCents(scored) });
    lastKept = { date, streakLength: summary.streakLength, restDays: summary.restDays };
  }
  return days;
}

/** What the runs came across, so that the test shows it tried the forgiving rule's cases. */
const seen = { restDaysHeld: 0, holidaysLogged: 0, weekendsLogged: 0 };

async function expectExactFigures(userId: number) {
  const fresh = await freshDays(userId);
  for (const [date, day] of fresh) {
    if (day.restDays > 0) seen.restDaysHeld++;
    if (HOLIDAYS.has(date)) seen.holidaysLogged++;
    if (!isSchoolDay(date, new Set())) seen.weekendsLogged++;
  }
  const stored = await daySummaryRows(t, userId);
  expect(
    Object.fromEntries(
      stored.map(({ userId: _u, schoolId: _s, localDate, ...day }) => [localDate, day]),
    ),
  ).toEqual(Object.fromEntries(fresh));

  const [interval] = await t.db
    .select()
    .from(semesters)
    .where(and(eq(semesters.schoolId, schoolId), eq(semesters.isActive, true)));
  let points = 0;
  for (const [date, day] of fresh) {
    if (interval && date >= interval.startDate && date <= interval.endDate) {
      points += summaryPoints(day);
    }
  }
  expect((await userRowOf(t, userId)).points).toBe(points);
  const [team] = await t.db
    .select({ points: teams.points })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId));
  expect(team?.points).toBe(points); // the student is their team's only member
}

/** Each piggy bank earned on a day of $8 of exercise, spent at most once, on a later day. */
async function expectConservedPiggyBanks(userId: number) {
  const banks = await t.db.select().from(piggyBanks).where(eq(piggyBanks.userId, userId));
  const fitness = await t.db
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.activityType, 'fitness')));
  for (const bank of banks)
    if (bank.spentOn !== null) expect(bank.spentOn > bank.earnedOn).toBe(true);
  const earned = fitness
    .filter((row) => earnsPiggyBank(row.properties))
    .map((row) => row.localDate);
  expect(banks.map((bank) => bank.earnedOn).sort()).toEqual(earned.sort());
  const spent = fitness
    .filter((row) => (row.properties.piggy_bank ?? 0) > 0)
    .map((r) => r.localDate);
  expect(banks.flatMap((bank) => (bank.spentOn ? [bank.spentOn] : [])).sort()).toEqual(
    spent.sort(),
  );
}

/** A complete day, whose fitness spends no savings (that may be refused). */
async function logCompleteDay(calls: ReturnType<typeof activityCalls>, date: string) {
  const full = { ...FULL_DAY, fitness: { vigorous_duration: 32, moderate_duration: 0 } };
  for (const [type, values] of Object.entries(full)) await calls.putOk(type, values, { date });
}

type Bank = { id: number; earnedOn: string; spentOn: string | null };

/**
 * A refusal only when no piggy bank could do: "Use savings" with none unspent from an earlier day;
 * dropping a day's piggy bank that a later day spent, with none to spend there instead (after this
 * write's own "Undo savings" gave one back).
 */
function expectRightfulRefusal(
  error: string,
  write: { date: string; values: PropertyValues },
  banks: readonly Bank[],
) {
  const undoes = (write.values.piggy_bank ?? 0) === 0;
  const after = banks.map((b) =>
    undoes && b.spentOn === write.date ? { ...b, spentOn: null } : b,
  );
  if (error === MESSAGES.noSavings) {
    expect(after.some((b) => b.spentOn === null && b.earnedOn < write.date)).toBe(false);
    return;
  }
  const dropped = after.find((b) => b.earnedOn === write.date);
  const spentOn = dropped?.spentOn ?? '';
  expect(spentOn > write.date).toBe(true);
  expect(after.some((b) => b !== dropped && b.spentOn === null && b.earnedOn < spentOn)).toBe(
    false,
  );
}

/** What a refused write must leave as it was. */
async function storedState(userId: number) {
  return {
    activities: await t.db
      .select()
      .from(activities)
      .where(eq(activities.userId, userId))
      .orderBy(activities.id),
    piggyBanks: await t.db
      .select()
      .from(piggyBanks)
      .where(eq(piggyBanks.userId, userId))
      .orderBy(piggyBanks.id),
    summaries: await daySummaryRows(t, userId),
    // Not the whole row: the session lookup keeps last_seen_at, whether or not the write is refused.
    user: await userRowOf(t, userId).then(({ points, lastActivityLoggedAt }) => ({
      points,
      lastActivityLoggedAt,
    })),
  };
}

describe('editing today and yesterday over several days', () => {
  it('keeps every summary, the points and the piggy banks equal to a fresh recomputation', async () => {
    console.info(`past-days property seed ${SEED} (replay with FC_SEED=${SEED})`);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -3, max: 5 }),
        fc.array(step, { minLength: 1, maxLength: 24 }),
        async (startDay, steps) => {
          // Starting before the interval leaves some days outside it.
          t.clock.set(SCHOOL_START);
          t.clock.advance(startDay * DAY_MS);
          const student = await joinSchool(t.app, schoolId);
          const calls = activityCalls(t, student.token);
          let today = addDays(SCHOOL_START.slice(0, 10), startDay);
          for (const current of steps) {
            if (current.kind === 'nextDay') {
              t.clock.advance(DAY_MS);
              today = addDays(today, 1);
              continue;
            }
            if (current.kind === 'fullDays') {
              for (let i = 0; i < current.count; i++) {
                if (i > 0) {
                  t.clock.advance(DAY_MS);
                  today = addDays(today, 1);
                }
                await logCompleteDay(calls, today);
              }
              await expectExactFigures(student.id);
              continue;
            }
            const date = current.yesterday ? addDays(today, -1) : today;
            if (current.kind === 'fullDay') {
              await logCompleteDay(calls, date);
              await expectExactFigures(student.id);
              continue;
            }
            const before = await storedState(student.id);
            const response = await calls.put(current.type, current.values, { date });
            if (response.statusCode !== 200) {
              expect(response.statusCode).toBe(422);
              expect([MESSAGES.noSavings, MESSAGES.piggyBankUsedLater]).toContain(
                response.json().error,
              );
              expect(await storedState(student.id)).toEqual(before);
              expectRightfulRefusal(response.json().error, { ...current, date }, before.piggyBanks);
            }
            await expectExactFigures(student.id);
            await expectConservedPiggyBanks(student.id);
          }
        },
      ),
      { seed: SEED, numRuns: 40 },
    );
    expect(seen.restDaysHeld).toBeGreaterThan(0);
    expect(seen.holidaysLogged).toBeGreaterThan(0);
    expect(seen.weekendsLogged).toBeGreaterThan(0);
  }, 240_000);
});
