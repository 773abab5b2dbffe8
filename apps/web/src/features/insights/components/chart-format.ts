import { dollarsToCents } from '@wellbank/domain';
import type { Formats } from '@/i18n/formats';

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "Nov 2" ("2 nov" in Spanish). */
export const formatShortDay = (iso: string, formats: Formats) =>
  formats.dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' }).format(utc(iso));
/** "Mon, Nov 2". */
export const formatLongDay = (iso: string, formats: Formats) =>
  formats
    .dateFormat({ weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })
    .format(utc(iso));
/** "Nov 2 – Nov 8", or one day. */
export function formatWeek(
  week: { start_date: string; end_date: string },
  formats: Formats,
): string {
  const start = formatShortDay(week.start_date, formats);
  return week.start_date === week.end_date
    ? start
    : `${start} – ${formatShortDay(week.end_date, formats)}`;
}

export const formatDollars = (dollars: number, formats: Formats) =>
  formats.formatCents(dollarsToCents(dollars));
export const formatShare = (share: number) => `${Math.round(share * 100)}%`;
