import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STREAK_CAP_DAYS, STREAK_POINTS_PER_DAY } from './balance.ts';
import { addDays } from './dates.ts';
import {
  currentStreak,
  isSchoolDay,
  type KeptStreakDay,
  MAX_REST_DAYS,
  NO_STREAK,
  REST_DAY_EVERY,
  type StreakState,
  stepStreak,
  streakBefore,
  walkStreak,
} from './streak.ts';

const MONDAY = '2026-11-30';
const NONE = new Set<string>();
const day = (offset: number) => addDays(MONDAY, offset);

/** Steps through `complete` (one entry a day from MONDAY) and answers the states. */
function run(complete: boolean[], holidays = NONE, start: StreakState = NO_STREAK) {
  const days = new Map(complete.map((done, i) => [day(i), done]));
  return walkStreak(start, { from: MONDAY, to: day(complete.length - 1) }, days, holidays);
}

describe('the streak rule', () => {
  it('counts school days: a weekend neither breaks nor grows it, and earns no streak points', () => {
    // Monday to Friday complete, the weekend complete too, then Monday.
    const steps = run([true, true, true, true, true, true, true, true]);
    expect(steps.map((s) => s.streakLength)).toEqual([1, 2, 3, 4, 5, 5, 5, 6]);
    expect(steps.map((s) => s.mark).slice(5, 7)).toEqual(['day_off', 'day_off']);
    expect(steps.map((s) => s.streakPoints)).toEqual([5, 10, 15, 20, 25, 0, 0, 30]);
    // Nothing logged at the weekend: the same.
    expect(run([true, true, true, true, true, false, false, true]).at(-1)?.streakLength).toBe(6);
  });

  it('earns a rest day every 5 complete days, uses it on a missed school day, holds at most 2', () => {
    const fiveThenMiss = run([true, true, true, true, true, false, false, false, true]);
    expect(fiveThenMiss[4]).toMatchObject({ streakLength: 5, restDays: 1 });
    // Monday (day 7) missed: the rest day covers it and the streak goes on.
    expect(fiveThenMiss[7]).toMatchObject({ mark: 'rest_day', streakLength: 5, restDays: 0 });
    expect(fiveThenMiss[8]).toMatchObject({ mark: 'complete', streakLength: 6, streakPoints: 30 });
    const long = run(Array.from({ length: 30 }, () => true));
    expect(Math.max(...long.map((s) => s.restDays))).toBe(MAX_REST_DAYS);
  });

  it('breaks on a missed school day when no rest day is held', () => {
    const steps = run([true, true, false, true]);
    expect(steps[2]).toMatchObject({ mark: 'missed', streakLength: 0, restDays: 0 });
    expect(steps[3]).toMatchObject({ streakLength: 1 });
  });

  it("leaves the streak as it was on the school's holidays", () => {
    const holidays = new Set([day(2)]);
    const steps = run([true, true, false, true], holidays);
    expect(steps[2]).toMatchObject({ mark: 'day_off', streakLength: 2 });
    expect(steps[3]).toMatchObject({ streakLength: 3 });
    expect(isSchoolDay(day(2), holidays)).toBe(false);
    expect(isSchoolDay(day(5), NONE)).toBe(false);
    expect(isSchoolDay(day(4), NONE)).toBe(true);
  });

  it('walks the days without a summary from the last day kept', () => {
    const friday: KeptStreakDay = { date: day(4), streakLength: 5, restDays: 1 };
    // Over the weekend: as it was.
    expect(streakBefore(friday, day(7), NONE)).toEqual({ streakLength: 5, restDays: 1 });
    // Monday not logged: its rest day used; Tuesday not logged either: broken.
    expect(streakBefore(friday, day(8), NONE)).toEqual({ streakLength: 5, restDays: 0 });
    expect(streakBefore(friday, day(9), NONE)).toEqual(NO_STREAK);
    expect(streakBefore(undefined, day(9), NONE)).toEqual(NO_STREAK);
  });

  it("shows today's streak once today is complete, else the one held since yesterday", () => {
    const yesterday = { date: day(0), streakLength: 3, restDays: 0 };
    expect(currentStreak({ lastBeforeToday: yesterday }, day(1), NONE).streakLength).toBe(3);
    const open = { date: day(1), streakLength: 0, restDays: 0, isComplete: false };
    expect(currentStreak({ today: open, lastBeforeToday: yesterday }, day(1), NONE)).toEqual({
      streakLength: 3,
      restDays: 0,
    });
    const done = { date: day(1), streakLength: 4, restDays: 0, isComplete: true };
    expect(
      currentStreak({ today: done, lastBeforeToday: yesterday }, day(1), NONE).streakLength,
    ).toBe(4);
  });
});

/** A random calendar: each day complete, logged but not complete, or not logged; some holidays. */
const calendar = fc.record({
  days: fc.array(fc.constantFrom('complete', 'partial', 'none', 'complete', 'complete'), {
    minLength: 1,
    maxLength: 60,
  }),
  holidays: fc.uniqueArray(fc.nat(59), { maxLength: 8 }),
});

describe('the streak rule over random calendars', () => {
  it('kept day by day from the last day kept, it equals a recomputation from scratch', () => {
    fc.assert(
      fc.property(calendar, ({ days, holidays: offsets }) => {
        const holidays = new Set(offsets.map(day));
        const complete = new Map(
          days.flatMap((d, i) => (d === 'none' ? [] : [[day(i), d === 'complete'] as const])),
        );
        const fromScratch = walkStreak(
          NO_STREAK,
          { from: MONDAY, to: day(days.length - 1) },
          complete,
          holidays,
        );
        // The server keeps only the days logged, each from the last one kept before it.
        let lastKept: KeptStreakDay | undefined;
        for (const [date, isComplete] of complete) {
          const before = streakBefore(lastKept, date, holidays);
          const step = stepStreak(before, { date, isComplete }, holidays);
          const recomputed = fromScratch.find((s) => s.date === date);
          expect({ ...step, date }).toEqual(recomputed);
          lastKept = { date, streakLength: step.streakLength, restDays: step.restDays };
        }
      }),
    );
  });

  it('a day off or a rest day never earns points nor breaks the streak; rest days stay 0 to 2', () => {
    fc.assert(
      fc.property(calendar, ({ days, holidays: offsets }) => {
        const holidays = new Set(offsets.map(day));
        const steps = run(
          days.map((d) => d === 'complete'),
          holidays,
        );
        let before: StreakState = NO_STREAK;
        for (const step of steps) {
          expect(step.restDays).toBeGreaterThanOrEqual(0);
          expect(step.restDays).toBeLessThanOrEqual(MAX_REST_DAYS);
          if (step.mark === 'complete') {
            expect(step.streakLength).toBe(before.streakLength + 1);
            expect(step.streakPoints).toBe(
              STREAK_POINTS_PER_DAY * Math.min(step.streakLength, STREAK_CAP_DAYS),
            );
          } else {
            expect(step.streakPoints).toBe(0);
          }
          if (step.mark === 'day_off') {
            expect([step.streakLength, step.restDays]).toEqual([
              before.streakLength,
              before.restDays,
            ]);
          }
          if (step.mark === 'rest_day') {
            expect(step.streakLength).toBe(before.streakLength);
            expect(step.restDays).toBe(before.restDays - 1);
          }
          if (step.mark === 'missed') expect(before.restDays).toBe(0);
          before = step;
        }
      }),
    );
  });

  it(`holds min(2, k) rest days after ${REST_DAY_EVERY}·k complete school days in a row`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), (k) => {
        let state: StreakState = NO_STREAK;
        let date = MONDAY;
        for (let done = 0; done < REST_DAY_EVERY * k; date = addDays(date, 1)) {
          state = stepStreak(state, { date, isComplete: true }, NONE);
          if (isSchoolDay(date, NONE)) done++;
        }
        expect(state.restDays).toBe(Math.min(MAX_REST_DAYS, k));
      }),
    );
  });
});
