import { useSearchParams } from 'react-router';
import { readDayParam } from './day-param';
import { useSchoolToday } from './school-day';

export type EntryDay =
  | { status: 'loading' }
  | { status: 'invalid' }
  | { status: 'future' }
  | { status: 'read-only'; date: string }
  /** `date` undefined: today (no date in the URL or the request). */
  | { status: 'editable'; date: string | undefined; isToday: boolean };

/**
 * The day an entry page changes (issue #14): today without `?date=`, else the day named, if it
 * is still inside the grace window on the school's calendar. Today's page does not wait for the
 * school's calendar; a dated one does.
 */
export function useEntryDay(): EntryDay {
  const [search] = useSearchParams();
  const param = search.get('date');
  const today = useSchoolToday();
  if (param === null) return { status: 'editable', date: undefined, isToday: true };
  if (!today) return { status: 'loading' };
  const day = readDayParam(param, today);
  if (day.kind !== 'day') return { status: day.kind };
  if (!day.editable) return { status: 'read-only', date: day.date };
  if (day.isToday) return { status: 'editable', date: undefined, isToday: true };
  return { status: 'editable', date: day.date, isToday: false };
}
