import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/lib/platform/api-client';
import { clearSession, getSession, isSharedDevice } from '@/lib/platform/session';
import { sharedDeviceHome } from '@/lib/platform/shared-device';

/** Revokes the token on the server (best effort), then forgets the session and push here. */
export async function logout(): Promise<void> {
  // The browser forgets its push subscription; the server deletes its row with the session.
  // Loaded here, not with the menu: its messages would bring zod into every first load.
  await import('./push-subscription')
    .then(({ unsubscribeThisDevice }) => unsubscribeThisDevice())
    .catch(() => {});
  try {
    await api.delete('/authentication/session', { auth: true, keepSessionOn401: true });
  } catch {
    // The session ends locally either way; an expired token or no network must not block it.
  }
}

/**
 * Sends what waits in the offline queue, signs out, and deletes what the phone kept of the user
 * (lib/platform/offline/logout-cleanup.ts, loaded on demand). Writes that still could not be sent
 * are not deleted without asking: `mutate({ discardUnsent: false })` stops with `unsent` set, and
 * `mutate({ discardUnsent: true })` goes on (components/unsent-logout-dialog.tsx asks). `toClass`:
 * go to the class this tab remembers afterwards, not to the login page.
 */
export function useLogout(options: { toClass?: boolean } = {}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unsent, setUnsent] = useState(0);
  const mutation = useMutation({
    mutationFn: async ({ discardUnsent }: { discardUnsent: boolean }) => {
      const userId = getSession()?.id;
      // A shared classroom device goes back to its class for the next child (decision 0064).
      // Staff starting a class check-in go to the class (decision 0085).
      const home = options.toClass || isSharedDevice() ? sharedDeviceHome() : '/login';
      const cleanup = await import('./offline/logout-cleanup').catch(() => undefined);
      if (userId && cleanup) {
        await cleanup.sendBeforeLogout(queryClient, userId).catch(() => {});
        const waiting = discardUnsent ? 0 : await cleanup.unsentWrites(userId).catch(() => 0);
        if (waiting > 0) return { waiting, home };
      }
      await logout();
      return { userId, cleanup, home };
    },
    networkMode: 'always',
    onSettled: async (done) => {
      const waiting = done && 'waiting' in done ? (done.waiting ?? 0) : 0;
      if (waiting > 0) {
        setUnsent(waiting);
        return;
      }
      setUnsent(0);
      clearSession(); // which also empties the query cache (app/query-client.ts)
      if (done?.userId) await done.cleanup?.forgetOfflineData(done.userId).catch(() => {});
      void navigate(done?.home ?? '/login', { replace: true });
    },
  });
  return { ...mutation, unsent, keepUnsent: () => setUnsent(0) };
}

export type Logout = ReturnType<typeof useLogout>;
