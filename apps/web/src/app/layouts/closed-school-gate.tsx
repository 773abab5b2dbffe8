import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/platform/session';

/** Every signed-in member of a school closed for deletion sees only its page (decisions 0022, 0072). */
export function ClosedSchoolGate() {
  const session = useSession();
  if (session?.school_purge_after) return <Navigate to="/school-deletion" replace />;
  return <Outlet />;
}
