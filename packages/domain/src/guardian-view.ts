import { z } from 'zod';
import { type Activity, activitySchema } from './activity-wire.ts';
import { countedActivities, dayPoints } from './balance.ts';
import { addDays } from './dates.ts';
import { personalBadgeSchema } from './personal-badges-wire.ts';
import { dailyBalanceSchema, weeklySnapshotSchema } from './school-wire.ts';
import { publicSchoolSchema } from './wire.ts';

/*
 * A guardian's read-only view of a linked child's days (issue 36 §2, decision 0079). Stress leaves
 * the figures here and only here: a stored day becomes its figures before stress
 * (`dayBeforeStress`), a day's activities lose the stress category (`activitiesBeforeStress`), and
 * every figure a guardian reads is computed from those with the functions the child's own
 * figures use. No points figure that includes stress is shown to a guardian.
 */

/** A guardian sees today and this many days before it. */
export const GUARDIAN_DAYS_BACK = 14;

/** The stored figures of a day (daily_summaries) that the views read. */
export interface StoredDayFigures {
  balanceCents: number;
  energyCents: number;
  dayPoints: number;
}

/**
 * The day as if stress were not asked: the balance is the energy (the balance before stress) and
 * the day's points are those of that balance. Completeness, the streak and its points stay.
 */
export function dayBeforeStress<T extends StoredDayFigures>(day: T): T {
  return { ...day, balanceCents: day.energyCents, dayPoints: dayPoints(day.energyCents) };
}

/** A day's activities without stress: no rating, no amount. */
export function activitiesBeforeStress(activities: readonly Activity[]): Activity[] {
  return [...countedActivities(activities, false)];
}

/** The oldest day a guardian may read when it is `today` at the school. */
export function oldestGuardianDay(today: string): string {
  return addDays(today, -GUARDIAN_DAYS_BACK);
}

export const GUARDIAN_VIEW_MESSAGES = {
  outsideWindow: /*i18n*/ 'A family sees today and the 14 days before it.',
} as const;

/** `GET /family/children/{id}/days?date=`: one day of the child, before stress. */
export const childDaySchema = z.object({
  date: z.iso.date(),
  /** Dollars: the day's energy, the balance before the stress check-in (the word stress is kept out of the keys). */
  energy: z.number(),
  /** The day's categories and amounts; never stress. */
  activities: z.array(activitySchema),
  is_complete: z.boolean(),
  streak_length: z.number().int(),
});
export type ChildDay = z.infer<typeof childDaySchema>;

export const childDayQuerySchema = z.object({ date: z.string().optional() });

/** `GET /family/children/{id}/overview`: the child's progress, before stress. */
export const childOverviewSchema = z.object({
  child: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    school: publicSchoolSchema,
  }),
  /** Today on the school's calendar. */
  today: z.iso.date(),
  /** The streak running now, in days. */
  streak_length: z.number().int(),
  /** The interval's points and last week, every balance and point before stress. */
  progress: weeklySnapshotSchema,
  /** Today and the 14 days before it that have a summary, balances before stress. */
  energy_by_day: z.array(dailyBalanceSchema),
  /** The child's team and its rank (no points: they include stress); null when in none. */
  team: z
    .object({ name: z.string(), rank: z.number().int(), num_teams: z.number().int() })
    .nullable(),
  badges: z.array(z.object({ badge: personalBadgeSchema, earned_on: z.iso.date() })),
});
export type ChildOverview = z.infer<typeof childOverviewSchema>;
