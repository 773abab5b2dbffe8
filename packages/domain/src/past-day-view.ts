import { INTL_LOCALE, type Language } from './i18n/languages.ts';
import { MESSAGES } from './messages.ts';

/*
 * The web app's past-day pages (issue #14): any day can be looked at; only the editable days of
 * day-window.ts (today and yesterday, on the school's calendar) can still be changed.
 */

/** What the day pages say when the URL's day cannot be shown or changed, or changes would be lost. */
export const PAST_DAY_TEXTS = {
  invalidDay: MESSAGES.malformedDate,
  futureDay: MESSAGES.dayInFuture,
  readOnlyDay: `${MESSAGES.dayNotEditable} This day is shown as it was logged.`,
  entryReadOnly: `${MESSAGES.dayNotEditable} Open the day to see what was logged.`,
  leaveTitle: /*i18n*/ 'Leave without saving?',
  leaveBody:
    /*i18n*/ 'The changes you made on this page are not saved yet. If you leave, they are lost.',
  leaveConfirm: /*i18n*/ 'Leave without saving',
} as const;

const headingFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * "Monday, November 23" / "lunes, 23 de noviembre": a calendar date as a heading (no time zone: it
 * is a date, not a moment). Its formatter is made on first use, not when the module loads.
 */
export function formatDayHeading(date: string, language: Language = 'en'): string {
  let format = headingFormats.get(language);
  if (!format) {
    const options = { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], options);
    headingFormats.set(language, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}
