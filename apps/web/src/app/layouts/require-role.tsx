import { hasRole, type RoleName } from '@wellbank/domain';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/platform/session';

/** SPEC.md §6: pages for admins or staff send everyone else to the dashboard. */
export function RequireRole({ allowed }: { allowed: RoleName }) {
  const session = useSession();
  if (!hasRole(session, allowed)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
