import {
  countedActivities,
  dailyBalanceCents,
  dayCategories,
  dayPoints,
  energyCents,
  isDayComplete,
  type ScoredActivity,
  streakPoints,
  stressCents,
} from './balance.ts';

/** One user's day as the server keeps it (DESIGN.md §1.4), recomputed on every activity write. */
export interface DaySummary {
  balanceCents: number;
  foodCents: number;
  energyCents: number;
  stressCents: number;
  isComplete: boolean;
  /** Consecutive complete days ending on this one; 0 when this day is not complete. */
  streakLength: number;
  dayPoints: number;
  streakPoints: number;
}

/** What a day needs to know about the day before it. */
export interface PreviousDay {
  isComplete: boolean;
  streakLength: number;
}

/**
 * Summarises a day from all of its activities. The streak continues the previous day's only when
 * that day was complete; an incomplete day has no streak and earns no streak points. With the
 * stress check-in off for the person, stress counts neither in the balance nor in completeness.
 */
export function summarizeDay(
  allActivities: readonly ScoredActivity[],
  previousDay: PreviousDay | undefined,
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
  return { ...day, ...streakOf(day.isComplete, previousDay) };
}

/**
 * The same day after the day before it changed (an edit of yesterday, docs/rules.md "Past
 * days"): its activities are as they were, only its streak and streak points follow the new
 * previous day.
 */
export function withPreviousDay(day: DaySummary, previousDay: PreviousDay | undefined): DaySummary {
  return { ...day, ...streakOf(day.isComplete, previousDay) };
}

function streakOf(isComplete: boolean, previousDay: PreviousDay | undefined) {
  const streakBefore = previousDay?.isComplete ? previousDay.streakLength : 0;
  const streakLength = isComplete ? streakBefore + 1 : 0;
  return { streakLength, streakPoints: isComplete ? streakPoints(streakLength) : 0 };
}

/** What the day adds to the user's points: day points plus streak points. */
export function summaryPoints(summary: Pick<DaySummary, 'dayPoints' | 'streakPoints'>): number {
  return summary.dayPoints + summary.streakPoints;
}
