import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { hasRole, type RoleName } from '@wellbank/domain';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/platform/session';
import { userQueryOptions } from '@/lib/platform/shell-queries';

/**
 * SPEC.md §6: pages for admins or staff send everyone else to the dashboard. Roles change on the
 * server (a staff member made coordinator: issue 35 §2), so a stored session without the role is
 * checked against the fresh GET /users/{id} (the frame's own read, merged into the session) before
 * anyone is sent away; a stored role taken back is dropped when that read lands.
 */
export function RequireRole({ allowed }: { allowed: RoleName }) {
  const { t } = useLingui();
  const session = useSession();
  const stored = hasRole(session, allowed);
  const fresh = useQuery({ ...userQueryOptions(session?.id ?? 0), enabled: !!session && !stored });
  if (stored || hasRole(fresh.data, allowed)) return <Outlet />;
  if (session && fresh.isPending) return <Spinner label={t`Loading...`} />;
  return <Navigate to="/dashboard" replace />;
}
