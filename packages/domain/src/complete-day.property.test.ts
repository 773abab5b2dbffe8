import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, STRESS_KEYS } from './activities.ts';
import { dailyBalanceCents, dayCategories, isDayComplete, type ScoredActivity } from './balance.ts';
import { summarizeDay } from './day-summary.ts';

/*
 * One rule of a complete day with a parameter for the categories that count (docs/rules.md "The
 * stress question is the family's choice"): with the stress check-in on, all 8 categories and 5
 * ratings above 0; off, the 7 others, whatever stress holds.
 */

const rating = fc.integer({ min: 0, max: 5 });
const stressValues = fc.record(Object.fromEntries(STRESS_KEYS.map((key) => [key, rating])));
const entry: fc.Arbitrary<ScoredActivity> = fc.oneof(
  fc.record({
    activity_type: fc.constantFrom(...ACTIVITY_TYPES.filter((type) => type !== 'stress')),
    total_cents: fc.integer({ min: -300, max: 600 }),
  }),
  fc.record({
    activity_type: fc.constant('stress' as const),
    total_cents: fc.integer({ min: -500, max: 0 }),
    values: stressValues,
  }),
);
/** A day: each category at most once, as the server keeps them. */
const day = fc.uniqueArray(entry, { selector: (a) => a.activity_type, maxLength: 8 });
const withoutStress = (activities: readonly ScoredActivity[]) =>
  activities.filter((a) => a.activity_type !== 'stress');

describe('a complete day, with and without the stress check-in', () => {
  it('without stress, is complete exactly when the 7 other categories are there', () => {
    fc.assert(
      fc.property(day, (activities) => {
        const types = new Set(activities.map((a) => a.activity_type));
        const sevenThere = ACTIVITY_TYPES.every((type) => type === 'stress' || types.has(type));
        expect(isDayComplete(activities, dayCategories(false))).toBe(sevenThere);
      }),
    );
  });

  it('with stress, needs the 7 and 5 ratings above 0: so complete with implies complete without', () => {
    fc.assert(
      fc.property(day, (activities) => {
        const withStress = isDayComplete(activities, dayCategories(true));
        const stress = activities.find((a) => a.activity_type === 'stress');
        const rated = STRESS_KEYS.every((key) => (stress?.values?.[key] ?? 0) > 0);
        expect(withStress).toBe(isDayComplete(activities, dayCategories(false)) && rated);
        expect(withStress).toBe(isDayComplete(activities));
      }),
    );
  });

  it('off, ignores stress: the summary is that of the day without its stress', () => {
    fc.assert(
      fc.property(day, fc.boolean(), fc.nat(9), (activities, before, streak) => {
        const lastKept = { date: '2026-11-30', streakLength: before ? streak + 1 : 0, restDays: 0 };
        const previous = { date: '2026-12-01', lastKept, holidays: new Set<string>() };
        const off = summarizeDay(activities, previous, false);
        expect(off).toEqual(summarizeDay(withoutStress(activities), previous, false));
        expect(off.stressCents).toBe(0);
        expect(off.balanceCents).toBe(dailyBalanceCents(withoutStress(activities)));
        expect(off.isComplete).toBe(isDayComplete(activities, dayCategories(false)));
      }),
    );
  });

  it('on, is the summary as it always was', () => {
    fc.assert(
      fc.property(day, (activities) => {
        const on = summarizeDay(
          activities,
          { date: '2026-12-01', lastKept: undefined, holidays: new Set() },
          true,
        );
        expect(on.balanceCents).toBe(dailyBalanceCents(activities));
        expect(on.isComplete).toBe(isDayComplete(activities));
      }),
    );
  });
});
