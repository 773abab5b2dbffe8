import { daysBetween } from './dates.ts';

/*
 * Seeing and changing past days (issue #14): any day can be looked at; only today and yesterday,
 * on the school's calendar, can still be changed (the grace window the server enforces too).
 */

/** How many days back a day can still be changed: yesterday. */
export const EDITABLE_DAYS_BACK = 1;

/** Whether `date` is today or inside the grace window before `today` (both YYYY-MM-DD). */
export function isDayEditable(date: string, today: string): boolean {
  const back = daysBetween(date, today);
  return back >= 0 && back <= EDITABLE_DAYS_BACK;
}

/** What the day pages say when the URL's day cannot be shown or changed. */
export const PAST_DAY_TEXTS = {
  invalidDay: 'That is not a day we know. Days look like 2026-11-23.',
  futureDay: 'That day has not happened yet.',
  readOnlyDay: 'Only today and yesterday can be changed. This day is shown as it was logged.',
  entryReadOnly: 'Only today and yesterday can be changed. Open the day to see what was logged.',
  leaveTitle: 'Leave without saving?',
  leaveBody: 'The changes you made on this page are not saved yet. If you leave, they are lost.',
  leaveConfirm: 'Leave without saving',
} as const;

const headingFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Monday, November 23": a calendar date as a heading (no time zone: it is a date, not a moment). */
export function formatDayHeading(date: string): string {
  return headingFormat.format(new Date(`${date}T00:00:00Z`));
}
