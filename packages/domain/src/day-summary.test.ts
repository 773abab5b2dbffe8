import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, STRESS_KEYS } from './activities.ts';
import type { ScoredActivity } from './balance.ts';
import {
  type StreakCalendar,
  summarizeDay,
  summaryPoints,
  withPreviousDay,
} from './day-summary.ts';

const TUESDAY = '2026-12-01';
const NO_HOLIDAYS = new Set<string>();
/** Tuesday, after a Monday that ended with this streak (or no day kept at all). */
function after(streakLength?: number, restDays = 0): StreakCalendar {
  const lastKept =
    streakLength === undefined ? undefined : { date: '2026-11-30', streakLength, restDays };
  return { date: TUESDAY, lastKept, holidays: NO_HOLIDAYS };
}

const calmStress = Object.fromEntries(STRESS_KEYS.map((key) => [key, 1]));

/** All 8 types, each worth `cents` except stress (all ratings 1, costing nothing). */
function fullDay(cents: number): ScoredActivity[] {
  return ACTIVITY_TYPES.map((type) =>
    type === 'stress'
      ? { activity_type: type, total_cents: 0, values: calmStress }
      : { activity_type: type, total_cents: cents },
  );
}

describe('summarizeDay', () => {
  it('keeps balance, food, energy and stress of a partial day without a streak', () => {
    const summary = summarizeDay(
      [
        { activity_type: 'food', total_cents: -75 },
        { activity_type: 'sleep', total_cents: 400 },
        { activity_type: 'stress', total_cents: -150, values: { people: 3, money: 3, clock: 4 } },
      ],
      after(4),
    );
    expect(summary).toEqual({
      balanceCents: 175,
      foodCents: -75,
      energyCents: 325,
      stressCents: -150,
      isComplete: false,
      streakLength: 0,
      restDays: 0,
      dayPoints: 18,
      streakPoints: 0,
    });
  });

  it('has a food level of 0 when no food was logged', () => {
    expect(summarizeDay([{ activity_type: 'water', total_cents: 50 }], after()).foodCents).toBe(0);
  });

  it('starts a streak of 1 after no day or an incomplete day', () => {
    expect(summarizeDay(fullDay(100), after()).streakLength).toBe(1);
    const afterIncomplete = summarizeDay(fullDay(100), after(0));
    expect(afterIncomplete).toMatchObject({ isComplete: true, streakLength: 1, streakPoints: 5 });
  });

  it('continues a complete previous day and caps streak points at 7 days', () => {
    expect(summarizeDay(fullDay(0), after(2))).toMatchObject({
      streakLength: 3,
      streakPoints: 15,
    });
    expect(summarizeDay(fullDay(0), after(9))).toMatchObject({
      streakLength: 10,
      streakPoints: 35,
    });
  });

  it('does not count a day complete while a stress rating is unset', () => {
    const day = fullDay(100).map((a) =>
      a.activity_type === 'stress' ? { ...a, values: { ...calmStress, health: 0 } } : a,
    );
    expect(summarizeDay(day, after(3))).toMatchObject({
      isComplete: false,
      streakLength: 0,
      streakPoints: 0,
    });
  });
});

describe('withPreviousDay', () => {
  it('gives a day the streak it would have had, had the day before been so from the start', () => {
    const previousDays = [after(), after(0), after(1), after(8), after(6, 2)];
    const days = [
      fullDay(100),
      fullDay(-50),
      [{ activity_type: 'water', total_cents: 50 }],
    ] as const;
    for (const activities of days) {
      for (const before of previousDays) {
        for (const after of previousDays) {
          const stored = summarizeDay(activities, before);
          expect(withPreviousDay(stored, after)).toEqual(summarizeDay(activities, after));
        }
      }
    }
  });

  it('brings a broken streak back when the day before is fixed', () => {
    const broken = summarizeDay(fullDay(0), after(0));
    expect(withPreviousDay(broken, after(3))).toMatchObject({
      streakLength: 4,
      streakPoints: 20,
    });
  });
});

describe('summaryPoints', () => {
  it('adds day points and streak points, a negative day included', () => {
    expect(summaryPoints({ dayPoints: -12, streakPoints: 5 })).toBe(-7);
    expect(summaryPoints(summarizeDay(fullDay(100), after()))).toBe(70 + 5);
  });
});
