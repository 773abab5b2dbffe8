import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/platform/session';

/** A coordinator of a school closed for deletion sees only its page (decision 0022). */
export function ClosedSchoolGate() {
  const session = useSession();
  if (session?.school_purge_after) return <Navigate to="/school-deletion" replace />;
  return <Outlet />;
}
