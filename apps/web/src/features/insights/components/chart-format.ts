import { dollarsToCents, formatCents } from '@wellbank/domain';
import { dateFormat } from '@/lib/intl-locale';

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "Nov 2" ("2 nov" in Spanish). */
export const formatShortDay = (iso: string, language: string) =>
  dateFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(utc(iso));
/** "Mon, Nov 2". */
export const formatLongDay = (iso: string, language: string) =>
  dateFormat(language, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(utc(iso));
/** "Nov 2 – Nov 8", or one day. */
export function formatWeek(
  week: { start_date: string; end_date: string },
  language: string,
): string {
  const start = formatShortDay(week.start_date, language);
  return week.start_date === week.end_date
    ? start
    : `${start} – ${formatShortDay(week.end_date, language)}`;
}

export const formatDollars = (dollars: number) => formatCents(dollarsToCents(dollars));
export const formatShare = (share: number) => `${Math.round(share * 100)}%`;
