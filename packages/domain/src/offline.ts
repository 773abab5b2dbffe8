import { englishText, textTemplate } from './i18n/texts.ts';

/**
 * The web app's offline layer (issue #14, decision 0027): what it tells the user, and which
 * refusals of a queued write are final.
 */
export const OFFLINE_MESSAGES = {
  queuedMark: /*i18n*/ 'Saved on this phone — will sync',
  syncing: /*i18n*/ 'Sending what was saved on this phone…',
  noNetwork: /*i18n*/ 'no network',
  updateAvailable: /*i18n*/ 'Update available',
  reload: /*i18n*/ 'Reload',
  dismiss: /*i18n*/ 'Dismiss',
  unsentLogoutTitle: /*i18n*/ 'Saves not sent yet',
  unsentLogoutConfirm: /*i18n*/ 'Log out and delete them',
  unsentLogoutCancel: /*i18n*/ 'Stay signed in',
  loggingOut: /*i18n*/ 'Logging out...',
} as const;

const UNSENT_LOGOUT = textTemplate(
  /*i18n*/ '{count, plural, one {# save on this phone has not reached Wellbank yet. Logging out deletes it from this phone; stay signed in and connect to the internet to send it.} other {# saves on this phone have not reached Wellbank yet. Logging out deletes them from this phone; stay signed in and connect to the internet to send them.}}',
  { count: 'number' },
);
const OFFLINE = /*i18n*/ 'Offline';
const OFFLINE_SAVED_AT = textTemplate(/*i18n*/ 'Offline — showing what was saved at {savedAt}');
const NOT_SYNCED = textTemplate(
  /*i18n*/ 'Not sent yet ({reason}). It stays on this phone and is sent when the server answers.',
  { reason: 'text' },
);
const DROPPED_WRITE = textTemplate(/*i18n*/ '{what} for {date} could not be saved: {reason}', {
  what: 'text',
  reason: 'text',
});

/** Asked before a logout deletes writes the phone could not send (decision 0027). */
export function unsentLogoutText(count: number): string {
  return englishText(UNSENT_LOGOUT, { count });
}

/** "Offline — showing what was saved at 19:42": the time of the newest data the page shows. */
export function offlineBannerText(savedAt: string | undefined): string {
  return savedAt ? englishText(OFFLINE_SAVED_AT, { savedAt }) : OFFLINE;
}

/** A queued write still waiting after a failed attempt, and why. */
export function notSyncedText(reason: string): string {
  return englishText(NOT_SYNCED, { reason });
}

/**
 * A queued write the server refused for good (e.g. a day outside what it accepts). `what` is the
 * activity's English title; the web shows the whole text with `domainText`, which translates it.
 */
export function droppedWriteText(what: string, date: string, reason: string): string {
  return englishText(DROPPED_WRITE, { what, date, reason });
}

/**
 * Whether a queued write is kept after this answer: no answer (status 0), an ended session
 * (401: the same user signs in again), a payment due, a timeout, a rate limit or a server error
 * may pass; any other refusal (422: a day outside the server's window) will not, so the write is
 * dropped with its reason.
 */
export function keepsQueuedWrite(status: number): boolean {
  return status === 0 || [401, 402, 408, 429].includes(status) || status >= 500;
}
