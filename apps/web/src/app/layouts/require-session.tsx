import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '@/lib/platform/return-path';
import { useSession } from '@/lib/platform/session';
import { sessionHasEnded } from '@/lib/platform/session-ended';

/**
 * SPEC.md §2 signed-in group: an unauthenticated user goes to /login. Opening a page of the group
 * signed out, or a 401 ending the session on it, comes back to that page after signing in
 * (decision 0037; the 401 handler in app.tsx goes to the same address, so whichever navigates
 * last, the address is the same). Logging out, here or in another tab, goes to plain /login.
 */
export function RequireSession() {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const [signedInAtStart] = useState(session !== null);
  if (session) return <Outlet />;
  const comeBack = !signedInAtStart || sessionHasEnded();
  return (
    <Navigate to={comeBack ? loginPathFor(`${pathname}${search}${hash}`) : '/login'} replace />
  );
}
