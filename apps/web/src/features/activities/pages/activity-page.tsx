import { ROUTE_ACTIVITY_TYPES } from '@wellbank/domain';
import { Navigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { findActivity, useTodayActivities, valuesOf } from '@/lib/activities';
import type { RouteActivity } from '@/lib/activity-labels';
import { ActivityForm } from '../components/activity-form';

function isRouteActivity(type: string | undefined): type is RouteActivity {
  return type !== undefined && Object.hasOwn(ROUTE_ACTIVITY_TYPES, type);
}

/** /activities/{type}: starts from today's saved values (SPEC.md §2). */
export function ActivityPage() {
  const { type: route } = useParams();
  const { activities, isPending } = useTodayActivities();
  if (!isRouteActivity(route)) return <Navigate to="/dashboard" replace />;
  if (isPending) return <Spinner label="Loading your day..." />;
  const type = ROUTE_ACTIVITY_TYPES[route];
  return (
    <ActivityForm key={type} type={type} initialValues={valuesOf(findActivity(activities, type))} />
  );
}
