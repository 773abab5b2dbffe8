import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import {
  INTERVAL_MESSAGES,
  intervalLabel,
  intervalNotStarted,
  intervalsOverlap,
} from './intervals.ts';

const december = { start_date: '2026-12-01', end_date: '2026-12-31' };

describe('intervalsOverlap', () => {
  it('counts a shared first or last day as an overlap; back to back is not one', () => {
    expect(intervalsOverlap(december, { start_date: '2026-12-31', end_date: '2027-01-31' })).toBe(
      true,
    );
    expect(intervalsOverlap(december, { start_date: '2026-11-01', end_date: '2026-12-01' })).toBe(
      true,
    );
    expect(intervalsOverlap(december, { start_date: '2027-01-01', end_date: '2027-01-31' })).toBe(
      false,
    );
  });

  it('is symmetric and agrees with "some day lies in both" (property)', () => {
    const interval = fc
      .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 20 }))
      .map(([from, length]) => ({
        start_date: addDays('2026-01-01', from),
        end_date: addDays('2026-01-01', from + length),
      }));
    fc.assert(
      fc.property(interval, interval, (a, b) => {
        const days = (i: typeof a) =>
          new Set(
            Array.from({ length: 90 }, (_, n) => addDays('2026-01-01', n)).filter(
              (d) => d >= i.start_date && d <= i.end_date,
            ),
          );
        const shared = [...days(a)].some((day) => days(b).has(day));
        expect(intervalsOverlap(a, b)).toBe(shared);
        expect(intervalsOverlap(b, a)).toBe(shared);
      }),
    );
  });
});

describe('intervalNotStarted', () => {
  it('is true only before the first day', () => {
    expect(intervalNotStarted(december, '2026-11-30')).toBe(true);
    expect(intervalNotStarted(december, '2026-12-01')).toBe(false);
  });
});

describe('INTERVAL_MESSAGES', () => {
  it('names the other interval by its dates as the table shows them', () => {
    expect(intervalLabel(december)).toBe('12/01/2026 to 12/31/2026');
    expect(INTERVAL_MESSAGES.overlaps(december)).toContain('12/01/2026 to 12/31/2026');
  });

  it('counts logged days in words', () => {
    expect(INTERVAL_MESSAGES.hasLoggedDays(1)).toContain('1 day has been logged');
    expect(INTERVAL_MESSAGES.hasLoggedDays(1200)).toContain('1,200 days have been logged');
    expect(INTERVAL_MESSAGES.dropsLoggedDays(2)).toContain('2 logged days outside');
  });
});
