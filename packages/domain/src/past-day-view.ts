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
