import { isoToUsDate } from './dates.ts';
import { formatCount } from './format.ts';
import { englishText, textTemplate } from './i18n/texts.ts';

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
  const { start, end } = ends(interval);
  return `${start} to ${end}`;
}

/** Both ends are days of the interval ([start, end]), so two intervals sharing a day overlap. */
export function intervalsOverlap(a: IntervalDates, b: IntervalDates): boolean {
  return a.start_date <= b.end_date && b.start_date <= a.end_date;
}

/** Has the interval not started yet on `today` (the school's local date)? */
export function intervalNotStarted(interval: IntervalDates, today: string): boolean {
  return today < interval.start_date;
}

const DATES = { start: 'date', end: 'date' } as const;
const DAYS = { days: 'number' } as const;
const OVERLAPS = textTemplate(
  /*i18n*/ 'These dates overlap the interval {start} to {end}. Intervals may not overlap: choose other dates or change that interval.',
  DATES,
);
const HAS_LOGGED_DAYS = textTemplate(
  /*i18n*/ 'This interval cannot be deleted: {days, plural, one {# day has} other {# days have}} been logged in it.',
  DAYS,
);
const DROPS_LOGGED_DAYS = textTemplate(
  /*i18n*/ 'These dates would leave {days, plural, one {# logged day} other {# logged days}} outside the interval. Keep every logged day inside it.',
  DAYS,
);
const CONFIRM_DELETE = textTemplate(
  /*i18n*/ 'Delete the interval {start} to {end}? This cannot be undone.',
  DATES,
);
const CONFIRM_ACTIVATE = textTemplate(
  /*i18n*/ "The interval {start} to {end} has not started yet. Activate it anyway? Until {start} everyone's points will be 0.",
  DATES,
);
/** Issue 35 §3: turning off the one active interval leaves everyone's points at 0. */
const CONFIRM_TURN_OFF = textTemplate(
  /*i18n*/ "With no active interval, everyone's points show 0 until one is active. Turn off the interval {start} to {end}?",
  DATES,
);

const ends = (interval: IntervalDates) => ({
  start: isoToUsDate(interval.start_date),
  end: isoToUsDate(interval.end_date),
});

export const INTERVAL_MESSAGES = {
  overlaps: (other: IntervalDates) => englishText(OVERLAPS, ends(other)),
  overlapsAnother:
    /*i18n*/ 'These dates overlap another interval of the school. Intervals may not overlap.',
  hasLoggedDays: (days: number) => englishText(HAS_LOGGED_DAYS, { days: formatCount(days) }),
  dropsLoggedDays: (days: number) => englishText(DROPS_LOGGED_DAYS, { days: formatCount(days) }),
  confirmDelete: (interval: IntervalDates) => englishText(CONFIRM_DELETE, ends(interval)),
  confirmActivateFuture: (interval: IntervalDates) => englishText(CONFIRM_ACTIVATE, ends(interval)),
  confirmTurnOff: (interval: IntervalDates) => englishText(CONFIRM_TURN_OFF, ends(interval)),
} as const;
