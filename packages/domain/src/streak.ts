import { streakPoints } from './balance.ts';
import { addDays, daysBetween } from './dates.ts';

/*
 * Streaks that forgive (issue 37 §1, decision 0082, docs/rules.md "Streaks"). A streak counts
 * complete school days. Saturdays, Sundays and the school's holidays leave it as it was. Every
 * 5th complete day of a streak earns a rest day (at most 2 held); a school day that is not
 * complete uses one, and the streak goes on; with none held it breaks. The one rule of the
 * server's writes, its recomputations and every screen that shows a streak.
 */

export const REST_DAY_EVERY = 5;
export const MAX_REST_DAYS = 2;

/** What a streak holds at the end of a day. */
export interface StreakState {
  streakLength: number;
  restDays: number;
}

export const NO_STREAK: StreakState = { streakLength: 0, restDays: 0 };

/** A day kept in `daily_summaries`, as far as the streak is concerned. */
export interface KeptStreakDay extends StreakState {
  date: string;
}

/** How a day left the streak: the week's view shows it. */
export const STREAK_MARKS = ['complete', 'rest_day', 'missed', 'day_off'] as const;
export type StreakMark = (typeof STREAK_MARKS)[number];

export interface StreakStep extends StreakState {
  mark: StreakMark;
  /** 5 × min(streak, 7) on a complete school day, else 0. */
  streakPoints: number;
}

/** The school's days without school before or on the day asked about (YYYY-MM-DD). */
export type Holidays = ReadonlySet<string>;

/** Monday to Friday, and not one of the school's holidays. */
export function isSchoolDay(date: string, holidays: Holidays): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** One day's effect on the streak held at the end of the day before it. */
export function stepStreak(
  before: StreakState,
  day: { date: string; isComplete: boolean },
  holidays: Holidays,
): StreakStep {
  if (!isSchoolDay(day.date, holidays)) return { ...before, mark: 'day_off', streakPoints: 0 };
  if (day.isComplete) {
    const streakLength = before.streakLength + 1;
    const earned = streakLength % REST_DAY_EVERY === 0 ? 1 : 0;
    const restDays = Math.min(MAX_REST_DAYS, before.restDays + earned);
    return { streakLength, restDays, mark: 'complete', streakPoints: streakPoints(streakLength) };
  }
  if (before.restDays > 0) {
    return { ...before, restDays: before.restDays - 1, mark: 'rest_day', streakPoints: 0 };
  }
  return { ...NO_STREAK, mark: 'missed', streakPoints: 0 };
}

/**
 * The streak held at the end of the day before `date`, from the last day kept before it: each
 * day between, with nothing logged, is a day off or uses a rest day or breaks the streak.
 */
export function streakBefore(
  lastKept: KeptStreakDay | undefined,
  date: string,
  holidays: Holidays,
): StreakState {
  if (!lastKept) return NO_STREAK;
  let state: StreakState = { streakLength: lastKept.streakLength, restDays: lastKept.restDays };
  const gap = daysBetween(lastKept.date, date);
  for (let i = 1; i < gap && state.streakLength > 0; i++) {
    const { streakLength, restDays } = stepStreak(
      state,
      { date: addDays(lastKept.date, i), isComplete: false },
      holidays,
    );
    state = { streakLength, restDays };
  }
  return state.streakLength > 0 ? state : NO_STREAK;
}

/**
 * The streak to show on `today`: today's own once it is complete, else the one held at the end
 * of yesterday (today can still be completed, so it has used nothing yet).
 */
export function currentStreak(
  days: { today?: KeptStreakDay & { isComplete: boolean }; lastBeforeToday?: KeptStreakDay },
  today: string,
  holidays: Holidays,
): StreakState {
  if (days.today?.isComplete) {
    return { streakLength: days.today.streakLength, restDays: days.today.restDays };
  }
  return streakBefore(days.lastBeforeToday, today, holidays);
}

/**
 * Every day from `from` through `to` stepped from the streak held before `from`, with nothing
 * logged on a day `complete` has no entry for: the recomputation from scratch the stored days
 * must always equal, and the week's view.
 */
export function walkStreak(
  start: StreakState,
  range: { from: string; to: string },
  complete: ReadonlyMap<string, boolean>,
  holidays: Holidays,
): (StreakStep & { date: string })[] {
  const steps: (StreakStep & { date: string })[] = [];
  let state = start;
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    const step = stepStreak(state, { date, isComplete: complete.get(date) ?? false }, holidays);
    steps.push({ ...step, date });
    state = step;
  }
  return steps;
}
