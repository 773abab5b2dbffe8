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

/** A complete day has all 8 activity types and all 5 stress ratings above 0 (DESIGN.md §1.4). */
export function isDayComplete(activities: readonly ScoredActivity[]): boolean {
  const types = new Set(activities.map((a) => a.activity_type));
  const stress = activities.find((a) => a.activity_type === 'stress');
  return ACTIVITY_TYPES.every((t) => types.has(t)) && isStressComplete(stress?.values);
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
