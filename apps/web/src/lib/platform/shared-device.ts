import { useEffect } from 'react';

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

/** A child's session on a shared device ends after ten idle minutes, as on the server. */
export const SHARED_DEVICE_IDLE_MS = 10 * 60 * 1000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

/** Calls `onIdle` once nobody has touched, typed or scrolled for `idleMs`. */
export function useIdle(onIdle: () => void, idleMs = SHARED_DEVICE_IDLE_MS): void {
  useEffect(() => {
    let timer = setTimeout(onIdle, idleMs);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(onIdle, idleMs);
    };
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, restart, { passive: true, capture: true });
    }
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart, true);
    };
  }, [onIdle, idleMs]);
}
