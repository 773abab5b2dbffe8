import { DISTRICT_SIGN_IN_ERROR_TEXTS, type DistrictSignInError } from '@wellbank/domain';
import { HOME_PATH, RETURN_PARAM, safeReturnPath } from '@/lib/platform/return-path';

/** What the sign-in callback put in /login/district's address (decision 0050). */
export type DistrictFragment =
  | { kind: 'ticket'; ticket: string; next: string }
  | { kind: 'error'; error: DistrictSignInError }
  | { kind: 'none' };

/** Every code has its text: the texts' table is the list (and keeps zod out of this page). */
const isKnownError = (code: string): code is DistrictSignInError =>
  Object.hasOwn(DISTRICT_SIGN_IN_ERROR_TEXTS, code);

/**
 * `#ticket=…`, with the `?next=` the sign-in started from, or `#error={code}`. An error code this
 * version does not know reads as `failed`; the return path is taken only when it is ours.
 */
export function readDistrictFragment(location: { hash: string; search: string }): DistrictFragment {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  const ticket = params.get('ticket');
  if (ticket) {
    const next = new URLSearchParams(location.search).get(RETURN_PARAM);
    return { kind: 'ticket', ticket, next: safeReturnPath(next) ?? HOME_PATH };
  }
  const error = params.get('error');
  if (error !== null) return { kind: 'error', error: isKnownError(error) ? error : 'failed' };
  return { kind: 'none' };
}
