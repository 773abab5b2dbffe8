import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents, roundHalfAwayFromZero } from './money.ts';

describe('formatCents', () => {
  it('shows US dollars with 2 decimals', () => {
    expect(formatCents(400)).toBe('$4.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(325)).toBe('$3.25');
    expect(formatCents(123_456)).toBe('$1,234.56');
  });
  it('puts the minus sign before the dollar sign for a negative amount', () => {
    expect(formatCents(-125)).toBe('-$1.25');
    expect(formatCents(-500)).toBe('-$5.00');
  });
  it('shows zero without a sign, even minus zero', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-0)).toBe('$0.00');
  });
  it("writes every amount as Intl's en-US currency format does", () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        return formatCents(cents) === usd.format(cents / 100 + 0);
      }),
    );
    expect(formatCents(12.5)).toBe(usd.format(0.125));
    expect(formatCents(-12.5)).toBe(usd.format(-0.125));
  });
});

describe('centsToDollars', () => {
  it('turns cents into dollars for the wire', () => {
    expect(centsToDollars(325)).toBe(3.25);
    expect(centsToDollars(-50)).toBe(-0.5);
  });
});

describe('dollarsToCents', () => {
  it('turns dollars with 2 decimals into whole cents despite binary fractions', () => {
    expect(dollarsToCents(3.25)).toBe(325);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1.15)).toBe(115);
  });
  it('round-trips every whole number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        return dollarsToCents(centsToDollars(cents)) === cents;
      }),
    );
  });
});

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero on both sides', () => {
    expect(roundHalfAwayFromZero(0.5)).toBe(1);
    expect(roundHalfAwayFromZero(-0.5)).toBe(-1);
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
  });
  it('rounds other fractions to the nearest whole number', () => {
    expect(roundHalfAwayFromZero(1.49)).toBe(1);
    expect(roundHalfAwayFromZero(-1.49)).toBe(-1);
    expect(roundHalfAwayFromZero(1.51)).toBe(2);
    expect(roundHalfAwayFromZero(-1.51)).toBe(-2);
  });
  it('returns zero, not minus zero, for a small negative', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.4), 0)).toBe(true);
  });
  it('is symmetric around zero', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        return roundHalfAwayFromZero(-x) === -roundHalfAwayFromZero(x);
      }),
    );
  });
});
