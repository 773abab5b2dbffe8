import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, type ActivityType } from './activities.ts';
import {
  dailyBalanceCents,
  dayPoints,
  energyCents,
  isDayComplete,
  isStressComplete,
  type ScoredActivity,
  streakPoints,
  stressCents,
} from './balance.ts';

const ALL_STRESS_SET = { people: 1, money: 2, personal: 3, clock: 4, health: 5 };

function activity(type: ActivityType, cents: number, values?: Record<string, number>) {
  return values
    ? { activity_type: type, total_cents: cents, values }
    : { activity_type: type, total_cents: cents };
}

function fullDay(stressValues: Record<string, number> = ALL_STRESS_SET): ScoredActivity[] {
  return ACTIVITY_TYPES.map((type) =>
    type === 'stress' ? activity(type, -250, stressValues) : activity(type, 100),
  );
}

const day = [
  activity('sleep', 400),
  activity('water', 150),
  activity('food', -75),
  activity('stress', -125, { people: 3, money: 4 }),
];

describe('energyCents', () => {
  it('sums the non-stress totals, negative food included', () => {
    expect(energyCents(day)).toBe(475);
  });
  it('is zero with nothing logged', () => {
    expect(energyCents([])).toBe(0);
  });
});

describe('stressCents', () => {
  it('is the stress total, shown negative', () => {
    expect(stressCents(day)).toBe(-125);
  });
  it('is negative even when a stress total arrives as a positive number', () => {
    expect(stressCents([activity('stress', 125)])).toBe(-125);
  });
  it('is zero, not minus zero, with no stress logged', () => {
    expect(Object.is(stressCents([]), 0)).toBe(true);
    expect(Object.is(stressCents([activity('sleep', 300)]), 0)).toBe(true);
    expect(Object.is(stressCents([activity('stress', 0)]), 0)).toBe(true);
  });
});

describe('dailyBalanceCents', () => {
  it('is the sum of the non-stress totals minus the absolute stress total', () => {
    expect(dailyBalanceCents(day)).toBe(475 - 125);
    expect(dailyBalanceCents([activity('water', 50), activity('stress', 200)])).toBe(-150);
  });
  it('is zero with nothing logged', () => {
    expect(dailyBalanceCents([])).toBe(0);
  });

  it('equals energy plus stress, with stress never positive, for any day', () => {
    const entry = fc.record({
      activity_type: fc.constantFrom(...ACTIVITY_TYPES),
      total_cents: fc.integer({ min: -600, max: 600 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (activities) => {
        const nonStress = activities
          .filter((a) => a.activity_type !== 'stress')
          .reduce((sum, a) => sum + a.total_cents, 0);
        const stress = activities
          .filter((a) => a.activity_type === 'stress')
          .reduce((sum, a) => sum + Math.abs(a.total_cents), 0);
        return (
          stressCents(activities) <= 0 &&
          dailyBalanceCents(activities) === energyCents(activities) + stressCents(activities) &&
          dailyBalanceCents(activities) === nonStress - stress
        );
      }),
    );
  });
});

describe('isStressComplete', () => {
  it('needs all five ratings above 0', () => {
    expect(isStressComplete(ALL_STRESS_SET)).toBe(true);
    expect(isStressComplete({ ...ALL_STRESS_SET, clock: 0 })).toBe(false);
    expect(isStressComplete({ people: 1, money: 1, personal: 1, clock: 1 })).toBe(false);
    expect(isStressComplete({})).toBe(false);
    expect(isStressComplete(undefined)).toBe(false);
  });
});

describe('isDayComplete', () => {
  it('is true with all 8 activity types and all 5 stress ratings above 0', () => {
    expect(isDayComplete(fullDay())).toBe(true);
  });
  it('is true when every stress rating is the calm 1 that costs nothing', () => {
    expect(isDayComplete(fullDay({ people: 1, money: 1, personal: 1, clock: 1, health: 1 }))).toBe(
      true,
    );
  });
  it('is false when any one activity type is missing', () => {
    for (const missing of ACTIVITY_TYPES) {
      expect(isDayComplete(fullDay().filter((a) => a.activity_type !== missing))).toBe(false);
    }
  });
  it('is false when a stress rating is unset', () => {
    expect(isDayComplete(fullDay({ ...ALL_STRESS_SET, health: 0 }))).toBe(false);
    expect(isDayComplete(fullDay({ people: 2, money: 2, personal: 2, clock: 2 }))).toBe(false);
  });
  it('is false when the stress activity carries no ratings', () => {
    const day = fullDay().map((a) =>
      a.activity_type === 'stress' ? activity('stress', a.total_cents) : a,
    );
    expect(isDayComplete(day)).toBe(false);
  });
  it('does not count a repeated type as a missing one', () => {
    const day = fullDay().map((a) => (a.activity_type === 'water' ? activity('sleep', 100) : a));
    expect(day).toHaveLength(8);
    expect(isDayComplete(day)).toBe(false);
  });
  it('is false for an empty day', () => {
    expect(isDayComplete([])).toBe(false);
  });
});

describe('dayPoints', () => {
  it('gives 1 point per 10 cents of balance', () => {
    expect(dayPoints(0)).toBe(0);
    expect(dayPoints(10)).toBe(1);
    expect(dayPoints(350)).toBe(35);
    expect(dayPoints(1900)).toBe(190);
  });
  it('takes points away on a negative day', () => {
    expect(dayPoints(-10)).toBe(-1);
    expect(dayPoints(-500)).toBe(-50);
  });
  it('rounds half a point away from zero, the same on both sides', () => {
    expect(dayPoints(5)).toBe(1);
    expect(dayPoints(-5)).toBe(-1);
    expect(dayPoints(15)).toBe(2);
    expect(dayPoints(-15)).toBe(-2);
    expect(dayPoints(25)).toBe(3);
    expect(dayPoints(-25)).toBe(-3);
  });
  it('rounds less than half a point to zero, never to minus zero', () => {
    expect(dayPoints(4)).toBe(0);
    expect(Object.is(dayPoints(-4), 0)).toBe(true);
    expect(dayPoints(14)).toBe(1);
    expect(dayPoints(-14)).toBe(-1);
  });
  it('is symmetric: a loss costs exactly what the same gain earns', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (cents) => {
        return dayPoints(-cents) === -dayPoints(cents) && Number.isInteger(dayPoints(cents));
      }),
    );
  });
});

describe('streakPoints', () => {
  it('earns 5 points per day of the streak', () => {
    expect(streakPoints(1)).toBe(5);
    expect(streakPoints(2)).toBe(10);
    expect(streakPoints(6)).toBe(30);
    expect(streakPoints(7)).toBe(35);
  });
  it('stops growing after 7 days', () => {
    expect(streakPoints(8)).toBe(35);
    expect(streakPoints(30)).toBe(35);
  });
  it('earns nothing without a streak', () => {
    expect(streakPoints(0)).toBe(0);
    expect(streakPoints(-3)).toBe(0);
  });
  it('is 5 × min(n, 7) for every streak length', () => {
    fc.assert(fc.property(fc.nat({ max: 10_000 }), (n) => streakPoints(n) === 5 * Math.min(n, 7)));
  });
});
