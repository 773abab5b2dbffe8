import { dollarsToCents, formatCents, INSIGHTS_MESSAGES } from '@wellbank/domain';

const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "Nov 2". */
export const formatShortDay = (iso: string) => shortDay.format(utc(iso));
/** "Mon, Nov 2". */
export const formatLongDay = (iso: string) => longDay.format(utc(iso));
/** "Nov 2 – Nov 8", or one day. */
export function formatWeek(week: { start_date: string; end_date: string }): string {
  const start = formatShortDay(week.start_date);
  return week.start_date === week.end_date ? start : `${start} – ${formatShortDay(week.end_date)}`;
}

export const formatDollars = (dollars: number) => formatCents(dollarsToCents(dollars));
export const formatShare = (share: number) => `${Math.round(share * 100)}%`;

/** What a table cell says for a suppressed figure. */
export const NOT_SHOWN = INSIGHTS_MESSAGES.notEnoughStudents;

/** "1 student", "60 students". */
export const studentsCount = (count: number) => `${count} student${count === 1 ? '' : 's'}`;
