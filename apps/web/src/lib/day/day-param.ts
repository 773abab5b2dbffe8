import { daysBetween, isEditableDay, isIsoDate } from '@wellbank/domain';

export type DayParam =
  | { kind: 'invalid' }
  | { kind: 'future'; date: string }
  | { kind: 'day'; date: string; isToday: boolean; editable: boolean };

/** A day named in a URL (`/days/{date}`, `?date=`), read against the school's `today`. */
export function readDayParam(param: string | null | undefined, today: string): DayParam {
  if (!param || !isIsoDate(param)) return { kind: 'invalid' };
  if (daysBetween(today, param) > 0) return { kind: 'future', date: param };
  return {
    kind: 'day',
    date: param,
    isToday: param === today,
    editable: isEditableDay(param, today),
  };
}

/** The page of one day (issue #14). */
export const dayPath = (date: string) => `/days/${date}`;

/**
 * An entry page (`route` as in /activities/{route} or /stress/{kind}) for a day: today's has no
 * date in its URL, a past day's carries `?date=`.
 */
export function entryPath(path: string, date: string | undefined, today?: string) {
  return date && date !== today ? `${path}?date=${encodeURIComponent(date)}` : path;
}
