import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { unsubscribeThisDevice } from '@/lib/push-subscription';
import { clearSession, getSession } from '@/lib/session';

/** Revokes the token on the server (best effort), then forgets the session and push here. */
export async function logout(): Promise<void> {
  // The browser forgets its push subscription; the server deletes its row with the session.
  await unsubscribeThisDevice().catch(() => {});
  try {
    await api.delete('/authentication/session', { auth: true, keepSessionOn401: true });
  } catch {
    // The session ends locally either way; an expired token or no network must not block it.
  }
}

/**
 * Sends what waits in the offline queue, signs out, and deletes what the phone kept of the user
 * (lib/offline/logout-cleanup.ts, loaded on demand).
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const userId = getSession()?.id;
      const cleanup = await import('./offline/logout-cleanup').catch(() => undefined);
      if (userId) await cleanup?.sendBeforeLogout(queryClient, userId).catch(() => {});
      await logout();
      return { userId, cleanup };
    },
    networkMode: 'always',
    onSettled: async (done) => {
      clearSession(); // which also empties the query cache (app/query-client.ts)
      if (done?.userId) await done.cleanup?.forgetOfflineData(done.userId).catch(() => {});
      void navigate('/login', { replace: true });
    },
  });
}
