import { describe, expect, it } from 'vitest';
import { contrastRatio, deltaE2000, deltaE2000Lab, lab, simulate } from './colour-science.ts';

describe('deltaE2000', () => {
  // Sharma, Wu & Dalal (2005), test data pairs 1, 7, 17 and 25.
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
  ] as const)('%j vs %j is %f', (a, b, expected) => {
    expect(deltaE2000Lab(a, b)).toBeCloseTo(expected, 4);
  });

  it('is 0 for one colour and symmetric', () => {
    expect(deltaE2000('#86efac', '#86efac')).toBe(0);
    expect(deltaE2000('#b91c1c', '#047857')).toBeCloseTo(deltaE2000('#047857', '#b91c1c'), 10);
  });
});

describe('lab', () => {
  it('puts white at L* 100 and black at 0', () => {
    expect(lab('#ffffff')[0]).toBeCloseTo(100, 3);
    expect(lab('#000000')[0]).toBeCloseTo(0, 3);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, the same either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(contrastRatio('#ffffff', '#15803d')).toBeCloseTo(5.02, 2);
    expect(contrastRatio('#15803d', '#ffffff')).toBe(contrastRatio('#ffffff', '#15803d'));
  });
});

describe('simulate', () => {
  it('keeps greys grey and turns pure red yellowish-dark for deuteranopes', () => {
    expect(simulate('#808080', 'deuteranopia')).toBe('#808080');
    expect(simulate('#ff0000', 'deuteranopia')).toBe('#a39000');
  });
  it('makes the old light red and yellow nearly the same for deuteranopes', () => {
    expect(
      deltaE2000(simulate('#c2410c', 'deuteranopia'), simulate('#a16207', 'deuteranopia')),
    ).toBeLessThan(2);
  });
});
