import { SCORING } from './activities.ts';
import { counterStep } from './activity-limits.ts';

/*
 * What the entry pages tell a person about earning (issue 17), read from the scoring table so a
 * page can never promise what the rule does not pay.
 */

export interface SleepEarning {
  /** Sleep up to this long earns nothing: it pays back the day's −$0.50 start. */
  freeMinutes: number;
  /** One counter step (30 minutes) past the free time earns this. */
  stepMinutes: number;
  centsPerStep: number;
  /** From this much sleep on, the total is the maximum. */
  fullMinutes: number;
  maxCents: number;
}

export function sleepEarning(): SleepEarning {
  const rule = SCORING.sleep;
  const perMinute = rule.unitCents.minutes ?? 0;
  const stepMinutes = counterStep('sleep', 'minutes');
  return {
    freeMinutes: Math.round(-rule.startCents / perMinute),
    stepMinutes,
    centsPerStep: Math.round(perMinute * stepMinutes),
    fullMinutes: Math.round((rule.maxCents - rule.startCents) / perMinute),
    maxCents: rule.maxCents,
  };
}

/** Physical activity: the dashboard's "$4 max" is a goal; the day's total can reach $6. */
export function fitnessEarning(): { goalCents: number; maxCents: number } {
  return { goalCents: SCORING.fitness.dashboardMaxCents, maxCents: SCORING.fitness.maxCents };
}

/** The most a category's total can be in a day (SPEC.md §9's max), for "Earn up to …". */
export function categoryMaxCents(type: keyof typeof SCORING): number {
  return SCORING[type].maxCents;
}
