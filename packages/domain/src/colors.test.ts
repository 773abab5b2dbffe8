import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countColors, DAY_COLORS, dayColor, themeColor } from './colors.ts';

describe('dayColor', () => {
  it('is dark red at or below -$2.50', () => {
    expect(dayColor(-251)).toBe('dark_red');
    expect(dayColor(-250)).toBe('dark_red');
    expect(dayColor(-5000)).toBe('dark_red');
  });
  it('is light red above -$2.50 up to -$1', () => {
    expect(dayColor(-249)).toBe('light_red');
    expect(dayColor(-101)).toBe('light_red');
    expect(dayColor(-100)).toBe('light_red');
  });
  it('is yellow above -$1 and below $1', () => {
    expect(dayColor(-99)).toBe('yellow');
    expect(dayColor(0)).toBe('yellow');
    expect(dayColor(99)).toBe('yellow');
  });
  it('is light green from $1 up to below $2.50', () => {
    expect(dayColor(100)).toBe('light_green');
    expect(dayColor(101)).toBe('light_green');
    expect(dayColor(249)).toBe('light_green');
  });
  it('is dark green at $2.50 and above', () => {
    expect(dayColor(250)).toBe('dark_green');
    expect(dayColor(251)).toBe('dark_green');
    expect(dayColor(2000)).toBe('dark_green');
  });
  it('never moves to a redder colour as the amount grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 2000 }), fc.nat({ max: 2000 }), (a, more) => {
        return DAY_COLORS.indexOf(dayColor(a)) <= DAY_COLORS.indexOf(dayColor(a + more));
      }),
    );
  });
});

describe('themeColor', () => {
  it('is grey when nothing is logged, whatever the balance', () => {
    expect(themeColor(0, false)).toBe('grey');
    expect(themeColor(300, false)).toBe('grey');
  });
  it('follows the balance colour once something is logged', () => {
    expect(themeColor(0, true)).toBe('yellow');
    expect(themeColor(-250, true)).toBe('dark_red');
    expect(themeColor(250, true)).toBe('dark_green');
  });
});

describe('countColors', () => {
  it('counts zero of every colour for no days', () => {
    expect(countColors([])).toEqual({
      dark_red: 0,
      light_red: 0,
      yellow: 0,
      light_green: 0,
      dark_green: 0,
    });
  });
  it('counts each day under its colour', () => {
    expect(countColors([-300, -250, -100, 0, 100, 250, 1000])).toEqual({
      dark_red: 2,
      light_red: 1,
      yellow: 1,
      light_green: 1,
      dark_green: 2,
    });
  });
  it('counts every day exactly once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 7 }), (days) => {
        const counts = countColors(days);
        return Object.values(counts).reduce((a, b) => a + b, 0) === days.length;
      }),
    );
  });
});
