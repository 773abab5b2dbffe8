import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { clearSession, getSession } from '@/lib/session';

/** How long a logout waits for the phone's queued writes to reach the server. */
const LAST_SYNC_MS = 5000;

/** A last try to send what was saved on this phone, since the logout deletes it. */
async function sendQueuedWrites(queryClient: QueryClient, userId: number): Promise<void> {
  if (!navigator.onLine) return;
  const { syncOutbox } = await import('./offline/sync');
  await Promise.race([
    syncOutbox(queryClient, userId),
    new Promise((resolve) => setTimeout(resolve, LAST_SYNC_MS)),
  ]);
}

/**
 * Deletes everything the offline layer kept of this user on the device (the saved pages, the
 * queue): on a shared family tablet nothing of them survives their logout (decision 0027).
 */
export async function forgetOfflineData(userId: number): Promise<void> {
  const { forgetUser } = await import('./offline/offline-store');
  await forgetUser(userId);
}

/** Revokes the token on the server (best effort), then forgets the session here. */
export async function logout(): Promise<void> {
  try {
    await api.delete('/authentication/session', { auth: true, keepSessionOn401: true });
  } catch {
    // The session ends locally either way; an expired token or no network must not block it.
  }
}

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const userId = getSession()?.id;
      if (userId !== undefined) await sendQueuedWrites(queryClient, userId).catch(() => {});
      await logout();
      return userId;
    },
    networkMode: 'always',
    onSettled: async (userId) => {
      clearSession(); // which also empties the query cache (app/query-client.ts)
      if (userId !== undefined) await forgetOfflineData(userId).catch(() => {});
      void navigate('/login', { replace: true });
    },
  });
}
