import { useQueryClient } from '@tanstack/react-query';
import { SHARED_DEVICE_TOUCH_INTERVAL_MS, sharedDeviceIdle } from '@wellbank/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { userQueryOptions } from '@/lib/platform/shell-queries';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

export interface SharedDeviceIdle {
  /** Seconds left before the sign-out while the warning shows; undefined otherwise. */
  secondsLeft: number | undefined;
  /** "I'm still here": the child is back, as after any tap. */
  stillHere: () => void;
}

/**
 * A child's idle clock on a shared device (decision 0064, rule in the domain's shared-device.ts):
 * a tap, key or scroll restarts it; nine idle minutes show the warning's countdown; ten call
 * `onIdle` (the logout). Times are read from `Date.now()`, not counted by timers, so a tablet that
 * slept through the ten minutes signs the child out as soon as it wakes.
 *
 * While the child is busy the server is told, at most once a minute, by a read of the child's own
 * record: a child reading or filling in a form sends no request, and the server would otherwise
 * end a session the tablet keeps (its limit allows for this minute, `SHARED_DEVICE_SERVER_IDLE_MS`).
 */
export function useSharedDeviceIdle(userId: number, onIdle: () => void): SharedDeviceIdle {
  const queryClient = useQueryClient();
  const [secondsLeft, setSecondsLeft] = useState<number>();
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;
  const activeRef = useRef<() => void>(() => {});

  useEffect(() => {
    let lastActive = Date.now();
    let lastTouch = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let signedOut = false;

    const check = () => {
      clearTimeout(timer);
      if (signedOut) return;
      const idle = sharedDeviceIdle(Date.now() - lastActive);
      if (idle.stage === 'signed-out') {
        signedOut = true;
        setSecondsLeft(undefined);
        onIdleRef.current();
      } else if (idle.stage === 'warning') {
        setSecondsLeft(idle.secondsLeft);
        timer = setTimeout(check, idle.nextTickMs);
      } else {
        setSecondsLeft(undefined);
        timer = setTimeout(check, idle.warnInMs);
      }
    };
    const touchServer = () => {
      lastTouch = Date.now();
      // Refreshes the header's points too; offline it fails quietly, as any read would.
      void queryClient.fetchQuery({ ...userQueryOptions(userId), staleTime: 0 }).catch(() => {});
    };
    const active = () => {
      // After the sign-out has begun (it may stop to ask about unsent saves), a tap starts anew.
      signedOut = false;
      lastActive = Date.now();
      if (lastActive - lastTouch >= SHARED_DEVICE_TOUCH_INTERVAL_MS) touchServer();
      check();
    };
    activeRef.current = active;
    // A tablet waking from sleep runs late timers late: look at the clock when it shows again.
    const onVisible = () => document.visibilityState === 'visible' && check();

    check();
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, active, { passive: true, capture: true });
    }
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, active, true);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queryClient, userId]);

  const stillHere = useCallback(() => activeRef.current(), []);
  return { secondsLeft, stillHere };
}
