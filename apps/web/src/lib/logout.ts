import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { unsubscribeThisDevice } from '@/lib/push-subscription';
import { clearSession } from '@/lib/session';

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

export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession(); // which also empties the query cache (app/query-client.ts)
      void navigate('/login', { replace: true });
    },
  });
}
