import { type ActivityType, STRESS_MAX_RATING } from './activities.ts';

/*
 * Property limits and counter steps, without zod: the entry pages and the dashboard import them,
 * and must not download the request schemas with them.
 */

/** No day has more minutes than this; a duration above it is a typo or an attack. */
export const MINUTES_PER_DAY = 1440;
/** The most of one countable thing (cups, servings, brushings) a person can log in a day. */
export const COUNTER_MAX = 50;

const DURATION_KEYS = new Set(['minutes', 'duration', 'vigorous_duration', 'moderate_duration']);

/** The largest value a property accepts (SPEC.md §3 keys; stress ratings 0–5, piggy bank 0/1). */
export function propertyMax(type: ActivityType, key: string): number {
  if (type === 'stress') return STRESS_MAX_RATING;
  if (key === 'piggy_bank') return 1;
  return DURATION_KEYS.has(key) ? MINUTES_PER_DAY : COUNTER_MAX;
}

export function isDurationKey(key: string): boolean {
  return DURATION_KEYS.has(key);
}

/** Counter steps (SPEC.md §9): sleep by 30 minutes, other durations by 2, everything else by 1. */
export function counterStep(type: ActivityType, key: string): number {
  if (type === 'sleep') return 30;
  return DURATION_KEYS.has(key) ? 2 : 1;
}
