import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/platform/session';

/** SPEC.md §2 nested group: unpaid schools and community members go to their payment page. */
export function PaymentGate() {
  const session = useSession();
  if (session?.needs_subscription_payment) return <Navigate to="/subscription-payments" replace />;
  if (session?.needs_team_payment) return <Navigate to="/team-donations" replace />;
  return <Outlet />;
}
