import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

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
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession(); // which also empties the query cache (app/query-client.ts)
      void navigate('/login', { replace: true });
    },
  });
}
