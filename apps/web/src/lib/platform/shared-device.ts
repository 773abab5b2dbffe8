/**
 * A classroom's shared device (decision 0064): which class it signs children into, so that after
 * one child's "I'm done" it shows the same class to the next. The class's, not a child's: kept in
 * this tab's sessionStorage, like the child's session itself.
 */
const CLASS_KEY = 'wellbank.shared-device-class';

export function rememberClass(code: string): void {
  try {
    sessionStorage.setItem(CLASS_KEY, code);
  } catch {
    // Without storage the device goes back to /class, where the code is typed again.
  }
}

/** Where the device goes once a child has signed out: their class, or the code page. */
export function sharedDeviceHome(): string {
  try {
    const code = sessionStorage.getItem(CLASS_KEY);
    return code ? `/class/${encodeURIComponent(code)}` : '/class';
  } catch {
    return '/class';
  }
}
