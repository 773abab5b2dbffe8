import { z } from 'zod';
import { STREAK_MARKS } from './streak.ts';

/*
 * The wire of forgiving streaks and the holiday calendar (decision 0082), apart from their rule:
 * the dashboard's streak card must not pull zod into its first load (decision 0018).
 */

/** GET /users/{id}/streak (self only): the streak now, the rest days held, this week's days. */
export const streakSchema = z.object({
  streak_length: z.number().int().min(0),
  rest_days: z.number().int().min(0),
  /**
   * Monday to Sunday of this week. `mark` says how a day up to yesterday left the streak; today
   * has one only once it is complete or a day off, and a day after today only when it is a day
   * off (a weekend or a holiday already on the calendar); otherwise null.
   */
  week: z.array(z.object({ date: z.iso.date(), mark: z.enum(STREAK_MARKS).nullable() })).length(7),
});
export type StreakView = z.infer<typeof streakSchema>;

/** GET /schools/{id}/holidays: the school's days without school from today on, in order. */
export const holidaysSchema = z.object({ holidays: z.array(z.iso.date()) });
export type SchoolHolidays = z.infer<typeof holidaysSchema>;

export const HOLIDAY_MESSAGES = {
  notAWeekday: /*i18n*/ 'Saturdays and Sundays are already days without school',
  notAhead: /*i18n*/ 'Only a day after today can be marked as a day without school',
  tooFarAhead: /*i18n*/ 'A day without school can be marked at most a year ahead',
} as const;
