import { addDays, DEFAULT_TIME_ZONE, isSchoolDay, localDate } from '@wellbank/domain';

/** A weekday at least `days` after today at a school of `timeZone`: one a holiday may be. */
export function weekdayAhead(now: Date, days = 7, timeZone: string = DEFAULT_TIME_ZONE): string {
  let date = addDays(localDate(now, timeZone), days);
  while (!isSchoolDay(date, new Set())) date = addDays(date, 1);
  return date;
}
