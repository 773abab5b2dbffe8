import { ACTIVITY_TYPES, type ActivityType, STRESS_KEYS } from './activities.ts';
import { roundHalfAwayFromZero } from './money.ts';

export interface ScoredActivity {
  activity_type: ActivityType;
  total_cents: number;
  /** Property values by key; needed only to decide whether the day is complete. */
  values?: Readonly<Record<string, number>>;
}

/** Σ non-stress totals: the dashboard's "Energy". */
export function energyCents(activities: readonly ScoredActivity[]): number {
  return activities
    .filter((a) => a.activity_type !== 'stress')
    .reduce((sum, a) => sum + a.total_cents, 0);
}

/** The stress total, never positive: the dashboard's "Stress". */
export function stressCents(activities: readonly ScoredActivity[]): number {
  const stress = activities
    .filter((a) => a.activity_type === 'stress')
    .reduce((sum, a) => sum + Math.abs(a.total_cents), 0);
  return 0 - stress; // not `-stress`: no stress is 0, not −0 ("-$0.00" on the dashboard)
}

/** Daily balance = Σ non-stress totals − |stress total| (SPEC.md §9). */
export function dailyBalanceCents(activities: readonly ScoredActivity[]): number {
  return energyCents(activities) + stressCents(activities);
}

export function isStressComplete(values: Readonly<Record<string, number>> | undefined): boolean {
  return STRESS_KEYS.every((key) => (values?.[key] ?? 0) > 0);
}

/**
 * The categories a day needs to be complete: all 8, or the 7 others when the stress check-in is
 * off for the person (the school turned it off, or the family opted the child out; docs/rules.md
 * "The stress question is the family's choice").
 */
export function dayCategories(stressCheckIn: boolean): readonly ActivityType[] {
  return stressCheckIn ? ACTIVITY_TYPES : ACTIVITY_TYPES.filter((type) => type !== 'stress');
}

/**
 * The activities a day's figures count: all of them, or all but stress when the check-in is off
 * (a rating made before the school turned it off no longer counts on a day written after).
 */
export function countedActivities<T extends { activity_type: ActivityType }>(
  activities: readonly T[],
  stressCheckIn: boolean,
): readonly T[] {
  return stressCheckIn ? activities : activities.filter((a) => a.activity_type !== 'stress');
}

/**
 * A complete day has every category of `categories` and, when stress is one of them, all 5
 * stress ratings above 0 (DESIGN.md §1.4). The one rule of the star, the plus button's dot and
 * the streak.
 */
export function isDayComplete(
  activities: readonly ScoredActivity[],
  categories: readonly ActivityType[] = ACTIVITY_TYPES,
): boolean {
  const types = new Set(activities.map((a) => a.activity_type));
  const stress = activities.find((a) => a.activity_type === 'stress');
  return (
    categories.every((t) => types.has(t)) &&
    (!categories.includes('stress') || isStressComplete(stress?.values))
  );
}

/** 1 point per 10 cents of the day's balance; a negative day loses points. */
export function dayPoints(balanceCents: number): number {
  return roundHalfAwayFromZero(balanceCents / 10);
}

export const STREAK_POINTS_PER_DAY = 5;
export const STREAK_CAP_DAYS = 7;

/** A complete day that is the n-th in a row earns 5 × min(n, 7) streak points. */
export function streakPoints(streakLength: number): number {
  return STREAK_POINTS_PER_DAY * Math.min(Math.max(0, streakLength), STREAK_CAP_DAYS);
}
