import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/session';

/** SPEC.md §2 signed-in group: an unauthenticated user goes to /login. */
export function RequireSession() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <Outlet />;
}
