import {
  countedActivities,
  dailyBalanceCents,
  dayCategories,
  dayPoints,
  energyCents,
  isDayComplete,
  type ScoredActivity,
  stressCents,
} from './balance.ts';
import { type Holidays, type KeptStreakDay, stepStreak, streakBefore } from './streak.ts';

/** One user's day as the server keeps it (DESIGN.md §1.4), recomputed on every activity write. */
export interface DaySummary {
  balanceCents: number;
  foodCents: number;
  energyCents: number;
  stressCents: number;
  isComplete: boolean;
  /** The streak held at the end of the day (streak.ts): days off and rest days carry it. */
  streakLength: number;
  /** Rest days held at the end of the day. */
  restDays: number;
  dayPoints: number;
  streakPoints: number;
}

/**
 * Where a day stands in the streak: its date, the user's last day kept before it and the
 * school's holidays between them (streak.ts walks the days without a summary).
 */
export interface StreakCalendar {
  date: string;
  lastKept: KeptStreakDay | undefined;
  holidays: Holidays;
}

/**
 * Summarises a day from all of its activities and its place in the streak (decision 0082): a
 * complete school day grows the streak and earns streak points; a day off carries it; a school
 * day not complete uses a rest day or breaks it. With the stress check-in off for the person,
 * stress counts neither in the balance nor in completeness.
 */
export function summarizeDay(
  allActivities: readonly ScoredActivity[],
  calendar: StreakCalendar,
  stressCheckIn = true,
): DaySummary {
  const activities = countedActivities(allActivities, stressCheckIn);
  const balanceCents = dailyBalanceCents(activities);
  const day = {
    balanceCents,
    foodCents: activities.find((a) => a.activity_type === 'food')?.total_cents ?? 0,
    energyCents: energyCents(activities),
    stressCents: stressCents(activities),
    isComplete: isDayComplete(activities, dayCategories(stressCheckIn)),
    dayPoints: dayPoints(balanceCents),
  };
  return { ...day, ...streakOf(day.isComplete, calendar) };
}

/**
 * The same day after a day before it changed (an edit of yesterday, docs/rules.md "Past
 * days"): its activities are as they were, only its streak follows the new day before.
 */
export function withPreviousDay(day: DaySummary, calendar: StreakCalendar): DaySummary {
  return { ...day, ...streakOf(day.isComplete, calendar) };
}

function streakOf(isComplete: boolean, calendar: StreakCalendar) {
  const before = streakBefore(calendar.lastKept, calendar.date, calendar.holidays);
  const { streakLength, restDays, streakPoints } = stepStreak(
    before,
    { date: calendar.date, isComplete },
    calendar.holidays,
  );
  return { streakLength, restDays, streakPoints };
}

/** What the day adds to the user's points: day points plus streak points. */
export function summaryPoints(summary: Pick<DaySummary, 'dayPoints' | 'streakPoints'>): number {
  return summary.dayPoints + summary.streakPoints;
}
