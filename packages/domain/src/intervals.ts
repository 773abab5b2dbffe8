import { isoToUsDate } from './dates.ts';

/**
 * The rules of a school's intervals beyond their form (issue #16 §6, decision 0031): they never
 * overlap, they are edited and deleted by the school's admins, and a deletion or a change of
 * dates never drops a day someone has logged.
 */
export interface IntervalDates {
  start_date: string;
  end_date: string;
}

/** "12/01/2026 to 12/31/2026", as the table and the activity log name an interval. */
export function intervalLabel(interval: IntervalDates): string {
  return `${isoToUsDate(interval.start_date)} to ${isoToUsDate(interval.end_date)}`;
}

/** Both ends are days of the interval ([start, end]), so two intervals sharing a day overlap. */
export function intervalsOverlap(a: IntervalDates, b: IntervalDates): boolean {
  return a.start_date <= b.end_date && b.start_date <= a.end_date;
}

/** Has the interval not started yet on `today` (the school's local date)? */
export function intervalNotStarted(interval: IntervalDates, today: string): boolean {
  return today < interval.start_date;
}

export const INTERVAL_MESSAGES = {
  overlaps: (other: IntervalDates) =>
    `These dates overlap the interval ${intervalLabel(other)}. Intervals may not overlap: choose other dates or change that interval.`,
  overlapsAnother: 'These dates overlap another interval of the school. Intervals may not overlap.',
  hasLoggedDays: (days: number) =>
    `This interval cannot be deleted: ${days === 1 ? '1 day has' : `${days.toLocaleString('en-US')} days have`} been logged in it.`,
  dropsLoggedDays: (days: number) =>
    `These dates would leave ${days === 1 ? '1 logged day' : `${days.toLocaleString('en-US')} logged days`} outside the interval. Keep every logged day inside it.`,
  confirmDelete: (interval: IntervalDates) =>
    `Delete the interval ${intervalLabel(interval)}? This cannot be undone.`,
  confirmActivateFuture: (interval: IntervalDates) =>
    `The interval ${intervalLabel(interval)} has not started yet. Activate it anyway? Until ${isoToUsDate(interval.start_date)} everyone's points will be 0.`,
} as const;
