import { addDays, isIsoDate } from './dates.ts';
import { MESSAGES } from './messages.ts';

/**
 * How many days before today a user may still log or change (docs/rules.md "Past days"): one, so
 * yesterday stays open for the write made offline at 23:55 and synced after midnight.
 */
export const GRACE_DAYS = 1;

/** Why a requested day is refused: the API answers 422 with its message, as for any field. */
export type DayRefusal = 'malformed' | 'future' | 'notEditable';

export const DAY_REFUSAL_MESSAGES: Record<DayRefusal, string> = {
  malformed: MESSAGES.malformedDate,
  future: MESSAGES.dayInFuture,
  notEditable: MESSAGES.dayNotEditable,
};

/** Whether `day` (YYYY-MM-DD) may be logged or changed when it is `today` at the school. */
export function isEditableDay(day: string, today: string): boolean {
  return day <= today && day >= addDays(today, -GRACE_DAYS);
}

/**
 * The day a request is about: `requested` when it is a real date the request may use, today
 * when it is absent. A read may name any day up to today; an edit only the editable days.
 * `today` is the school's, from the server's clock, never the client's.
 */
export function requestedDay(
  requested: string | undefined,
  today: string,
  purpose: 'read' | 'edit',
): { day: string } | { refusal: DayRefusal } {
  if (requested === undefined) return { day: today };
  if (!isIsoDate(requested)) return { refusal: 'malformed' };
  if (requested > today) return { refusal: purpose === 'edit' ? 'notEditable' : 'future' };
  if (purpose === 'edit' && !isEditableDay(requested, today)) return { refusal: 'notEditable' };
  return { day: requested };
}

/**
 * The latest day nobody can change any more when it is `today` at the school: the day before the
 * oldest editable one. What others see of a person's points counts only days up to it, so no
 * figure another person reads moves when a child rates their stress (decision 0043).
 */
export function lastClosedDay(today: string): string {
  return addDays(today, -(GRACE_DAYS + 1));
}
