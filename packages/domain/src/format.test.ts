import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, ordinal } from './format.ts';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [14, '14th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [100, '100th'],
    [101, '101st'],
    [102, '102nd'],
    [103, '103rd'],
    [111, '111th'],
    [112, '112th'],
    [113, '113th'],
    [1001, '1001st'],
  ])('writes %i as %s', (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });

  it('writes a rank the Spanish way: the number, a period and the ordinal indicator', () => {
    expect(ordinal(1, 'es')).toBe('1.º');
    expect(ordinal(23, 'es')).toBe('23.º');
    expect(ordinal(1234, 'es')).toBe('1,234.º');
  });
});

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(-1_234_567)).toBe('-1,234,567');
  });
  it("writes every whole number as Intl's en-US format does, and rounds like it", () => {
    const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), (n) => {
        return formatCount(n) === en.format(n);
      }),
    );
    expect([2.5, -2.5].map((n) => formatCount(n))).toEqual([2.5, -2.5].map((n) => en.format(n)));
  });
  it('shows zero without a sign, where Intl writes "-0"', () => {
    expect(formatCount(-0.4)).toBe('0');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [30, '0:30'],
    [60, '1:00'],
    [61, '1:01'],
    [90, '1:30'],
    [540, '9:00'],
    [600, '10:00'],
    [1440, '24:00'],
  ])('writes %i minutes as %s', (minutes, expected) => {
    expect(formatDuration(minutes)).toBe(expected);
  });
  it('never shows a negative duration', () => {
    expect(formatDuration(-5)).toBe('0:00');
  });
});
