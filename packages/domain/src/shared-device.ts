/**
 * How long a child's session on a classroom's shared device lasts without use (issue 34 §2,
 * decision 0064): the tablet signs the child out after ten idle minutes, so the next
 * child at it does not find it open, and warns a minute before (WCAG 2.2.1 Timing Adjustable).
 */

const MINUTE_MS = 60 * 1000;

/** No tap, key or scroll for this long, and the tablet signs the child out. */
export const SHARED_DEVICE_IDLE_MS = 10 * MINUTE_MS;
/** The "Are you still there?" warning comes this long before (WCAG asks at least 20 seconds). */
export const SHARED_DEVICE_WARNING_MS = MINUTE_MS;
/** While the child is busy, the tablet tells the server at most this often (a read of the user). */
export const SHARED_DEVICE_TOUCH_INTERVAL_MS = MINUTE_MS;
/**
 * The server's own limit, the backstop when the tablet is gone: the tablet's ten minutes plus the
 * lag of what the server sees. The tablet's touch comes up to a minute after the last tap, and the
 * server writes `last_used_at` at most once a minute; a minute more leaves the tablet's sign-out
 * time to send the child's unsent saves. So a session the tablet keeps is never ended under it.
 */
export const SHARED_DEVICE_SERVER_IDLE_MS = SHARED_DEVICE_IDLE_MS + 3 * MINUTE_MS;

/** Where a shared-device session stands after `idleMs` without a tap, key or scroll. */
export type SharedDeviceIdle =
  | { stage: 'active'; warnInMs: number }
  | { stage: 'warning'; secondsLeft: number; nextTickMs: number }
  | { stage: 'signed-out' };

export function sharedDeviceIdle(idleMs: number): SharedDeviceIdle {
  const leftMs = SHARED_DEVICE_IDLE_MS - Math.max(0, idleMs);
  if (leftMs <= 0) return { stage: 'signed-out' };
  if (leftMs > SHARED_DEVICE_WARNING_MS) {
    return { stage: 'active', warnInMs: leftMs - SHARED_DEVICE_WARNING_MS };
  }
  // Whole seconds, rounded up: "1" until the very end, never "0" while still signed in.
  const secondsLeft = Math.ceil(leftMs / 1000);
  return { stage: 'warning', secondsLeft, nextTickMs: leftMs - (secondsLeft - 1) * 1000 };
}

/** The moments a screen reader is told how long is left; the visible countdown ticks every second. */
const SPOKEN_SECONDS = [30, 10] as const;

/**
 * What the warning's live region says: nothing until 30 seconds are left, then "30 seconds",
 * then "10 seconds": two short announcements in a minute, not sixty.
 */
export function spokenSecondsLeft(secondsLeft: number): number | undefined {
  let spoken: number | undefined;
  for (const mark of SPOKEN_SECONDS) if (secondsLeft <= mark) spoken = mark;
  return spoken;
}
