/**
 * The web app's offline layer (issue #14, decision 0027): what it tells the user, and which
 * refusals of a queued write are final.
 */
export const OFFLINE_MESSAGES = {
  queuedMark: /*i18n*/ 'Saved on this phone — will sync',
  syncing: /*i18n*/ 'Sending what was saved on this phone…',
  noNetwork: 'no network',
  updateAvailable: /*i18n*/ 'Update available',
  reload: 'Reload',
  dismiss: 'Dismiss',
  unsentLogoutTitle: /*i18n*/ 'Saves not sent yet',
  unsentLogoutConfirm: /*i18n*/ 'Log out and delete them',
  unsentLogoutCancel: /*i18n*/ 'Stay signed in',
  loggingOut: /*i18n*/ 'Logging out...',
} as const;

/** Asked before a logout deletes writes the phone could not send (decision 0027). */
export function unsentLogoutText(count: number): string {
  const saves = count === 1 ? '1 save on this phone has' : `${count} saves on this phone have`;
  const them = count === 1 ? 'it' : 'them';
  return `${saves} not reached Wellbank yet. Logging out deletes ${them} from this phone; stay signed in and connect to the internet to send ${them}.`;
}

/** "Offline — showing what was saved at 19:42": the time of the newest data the page shows. */
export function offlineBannerText(savedAt: string | undefined): string {
  return savedAt ? `Offline — showing what was saved at ${savedAt}` : 'Offline';
}

/** A queued write still waiting after a failed attempt, and why. */
export function notSyncedText(reason: string): string {
  return `Not sent yet (${reason}). It stays on this phone and is sent when the server answers.`;
}

/** A queued write the server refused for good (e.g. a day outside what it accepts). */
export function droppedWriteText(what: string, date: string, reason: string): string {
  return `${what} for ${date} could not be saved: ${reason}`;
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
