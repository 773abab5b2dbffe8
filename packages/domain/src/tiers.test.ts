import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NUM_STUDENTS,
  DONATION_CENTS,
  grossUpCents,
  processingFeeCents,
  SUBSCRIPTION_TIERS,
  tierFor,
} from './tiers.ts';

describe('tierFor', () => {
  it.each([
    [1, 10_000],
    [100, 10_000],
    [101, 25_000],
    [300, 25_000],
    [301, 45_000],
    [600, 45_000],
    [601, 70_000],
    [1000, 70_000],
    [1001, 120_000],
    [2000, 120_000],
    [2001, 250_000],
    [5000, 250_000],
  ])('puts %i students in the tier costing %i cents', (students, amount) => {
    expect(tierFor(students)?.amount).toBe(amount);
  });
  it('has no tier above 5000 students, for none and for a negative count', () => {
    expect(tierFor(5001)).toBeUndefined();
    expect(tierFor(100_000)).toBeUndefined();
    expect(tierFor(0)).toBeUndefined();
    expect(tierFor(-1)).toBeUndefined();
  });
  it('selects the default of 101 students into the second tier', () => {
    expect(tierFor(DEFAULT_NUM_STUDENTS)?.amount).toBe(25_000);
  });
  it('returns the one tier whose min and max contain the count, for every count from 1 to 5000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (n) => {
        const containing = SUBSCRIPTION_TIERS.filter(
          (t) => t.min_students <= n && n <= t.max_students,
        );
        return containing.length === 1 && tierFor(n) === containing[0];
      }),
    );
  });
  it('returns no tier for any count outside 1 to 5000', () => {
    const outside = fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 5001 }));
    fc.assert(fc.property(outside, (n) => tierFor(n) === undefined));
  });
});

/** The school's share after the card fee of 2.9% + 30¢, in thousandths of a cent (exact). */
function receivedMilliCents(chargeCents: number): number {
  return chargeCents * 971 - 30_000;
}

describe('grossUpCents', () => {
  it('charges $2.89 so that a $2.50 donation arrives whole', () => {
    expect(grossUpCents(DONATION_CENTS)).toBe(289);
    expect(processingFeeCents(DONATION_CENTS)).toBe(39);
  });
  it('charges $103.30 for the $100 tier', () => {
    expect(grossUpCents(10_000)).toBe(10_330);
    expect(processingFeeCents(10_000)).toBe(330);
  });
  it('charges the fixed fee grossed up for nothing', () => {
    expect(grossUpCents(0)).toBe(31);
  });
  it('charges the least whole number of cents that leaves the school at least the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (amount) => {
        const charge = grossUpCents(amount);
        return (
          Number.isInteger(charge) &&
          receivedMilliCents(charge) >= amount * 1000 &&
          receivedMilliCents(charge - 1) < amount * 1000
        );
      }),
    );
  });
  it('works for every tier amount', () => {
    for (const { amount } of SUBSCRIPTION_TIERS) {
      const charge = grossUpCents(amount);
      expect(receivedMilliCents(charge)).toBeGreaterThanOrEqual(amount * 1000);
      expect(receivedMilliCents(charge - 1)).toBeLessThan(amount * 1000);
    }
  });
});
