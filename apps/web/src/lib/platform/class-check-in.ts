import { rememberClass } from './shared-device';

/**
 * Class check-in (decision 0085): staff turned this tab into the classroom screen of one class,
 * where each child logs the day on a large page and hands over. The class's code, not a child's,
 * in this tab's sessionStorage; a tab opened on another code is not in check-in mode. Apart from
 * shared-device.ts, which every first load downloads: only the class and check-in pages read it.
 */
const CHECK_IN_KEY = 'wellbank.class-check-in';

/** Where a child signed in on a check-in screen begins (the names page's `?next=`). */
export const CHECK_IN_PATH = '/check-in';

export function startClassCheckIn(code: string): void {
  rememberClass(code);
  try {
    sessionStorage.setItem(CHECK_IN_KEY, code);
  } catch {
    // Without storage the class signs in as in class sign-in, to the dashboard.
  }
}

/** Whether this tab is the classroom screen of the class check-in of `code`. */
export function isClassCheckIn(code: string): boolean {
  try {
    return sessionStorage.getItem(CHECK_IN_KEY) === code;
  } catch {
    return false;
  }
}
