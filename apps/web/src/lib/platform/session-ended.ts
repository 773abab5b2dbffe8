import { loginPathFor } from './return-path';
import { sharedDeviceHome } from './shared-device';

/**
 * Set when a 401 ends a signed-in user's session (SPEC.md §4), read by the login page to say why
 * the user is there (decision 0037). In sessionStorage, per tab: it survives the page load of the
 * fallback handler (`window.location.assign`) and goes with the tab.
 */
const KEY = 'wellbank.session-ended';

export function markSessionEnded(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode, quota): the login page just shows no notice.
  }
}

export function sessionHasEnded(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetSessionEnded(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/**
 * Where a 401 sends the browser: the login page that returns here after signing in, noting first
 * whether a session ended; null when it is on the login page already. Both the app's handler and
 * the client's fallback (a 401 that comes before the app has mounted) go there.
 */
export function loginAfterUnauthorized(sessionEnded: boolean, sharedDevice = false): string | null {
  // A child's session on a shared device ended (ten idle minutes): the class, for the next child.
  if (sharedDevice) return sharedDeviceHome();
  const { pathname, search, hash } = window.location;
  if (pathname === '/login') return null;
  if (sessionEnded) markSessionEnded();
  return loginPathFor(`${pathname}${search}${hash}`);
}
