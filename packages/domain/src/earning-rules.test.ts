import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activityTotalCents } from './activities.ts';
import { amountTone } from './colors.ts';
import { categoryMaxCents, fitnessEarning, sleepEarning } from './earning-rules.ts';

describe('sleepEarning', () => {
  const rule = sleepEarning();

  it('says what sleep pays: nothing for the first hour, $0.25 a half hour, $4.00 from 9:00', () => {
    expect(rule).toEqual({
      freeMinutes: 60,
      stepMinutes: 30,
      centsPerStep: 25,
      fullMinutes: 540,
      maxCents: 400,
    });
  });

  it('matches the scoring rule at every counter step', () => {
    fc.assert(
      fc.property(fc.nat({ max: 48 }), (steps) => {
        const minutes = steps * rule.stepMinutes;
        const paidSteps = Math.max(0, (minutes - rule.freeMinutes) / rule.stepMinutes);
        const expected = Math.min(rule.maxCents, paidSteps * rule.centsPerStep);
        return activityTotalCents('sleep', { minutes }) === expected;
      }),
    );
  });
});

describe('fitnessEarning', () => {
  it('has a $4.00 goal and a $6.00 day, which exercise alone or savings can reach', () => {
    expect(fitnessEarning()).toEqual({ goalCents: 400, maxCents: 600 });
    expect(activityTotalCents('fitness', { vigorous_duration: 24 })).toBe(600);
    expect(activityTotalCents('fitness', { moderate_duration: 40, piggy_bank: 1 })).toBe(600);
  });
});

describe('categoryMaxCents', () => {
  it('is the scoring table’s maximum', () => {
    expect(categoryMaxCents('water')).toBe(400);
    expect(categoryMaxCents('sunshine')).toBe(200);
  });
});

describe('amountTone', () => {
  it('follows the sign: a negative amount is never shown as a gain', () => {
    expect(amountTone(-250)).toBe('loss');
    expect(amountTone(0)).toBe('none');
    expect(amountTone(1)).toBe('gain');
    fc.assert(
      fc.property(
        fc.integer(),
        (c) => (amountTone(c) === 'gain') === c > 0 && (amountTone(c) === 'loss') === c < 0,
      ),
    );
  });
});
