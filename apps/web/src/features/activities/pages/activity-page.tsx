import { useLingui } from '@lingui/react/macro';
import { ROUTE_ACTIVITY_TYPES } from '@wellbank/domain';
import { Navigate, useParams } from 'react-router';
import { DayUnavailable } from '@/components/day/day-unavailable';
import { Spinner } from '@/components/ui/spinner';
import { useFormats } from '@/i18n/formats';
import type { RouteActivity } from '@/lib/day/activity-labels';
import { findActivity, useDayActivities, valuesOf } from '@/lib/day/day-activities';
import { dayPath } from '@/lib/day/day-param';
import { useEntryDay } from '@/lib/day/entry-day';
import { ActivityForm } from '../components/activity-form';

function isRouteActivity(type: string | undefined): type is RouteActivity {
  return type !== undefined && Object.hasOwn(ROUTE_ACTIVITY_TYPES, type);
}

/**
 * /activities/{type}: starts from the day's saved values (SPEC.md §2); today's without a date,
 * yesterday's with `?date=` (issue #14).
 */
export function ActivityPage() {
  const { formatDayHeading } = useFormats();
  const { type: route } = useParams();
  const { t } = useLingui();
  const day = useEntryDay();
  const date = day.status === 'editable' ? day.date : undefined;
  const { activities, isPending } = useDayActivities(date, day.status === 'editable');
  if (!isRouteActivity(route)) return <Navigate to="/dashboard" replace />;
  if (day.status === 'loading') return <Spinner label={t`Loading your day...`} />;
  if (day.status !== 'editable') {
    return <DayUnavailable reason={day.status} date={'date' in day ? day.date : undefined} />;
  }
  if (isPending) return <Spinner label={t`Loading your day...`} />;
  const type = ROUTE_ACTIVITY_TYPES[route];
  const dayName = date ? formatDayHeading(date) : '';
  return (
    <ActivityForm
      key={`${type} ${date ?? 'today'}`}
      type={type}
      initialValues={valuesOf(findActivity(activities, type))}
      date={date}
      dayName={date && t`Yesterday, ${dayName}`}
      backTo={date ? dayPath(date) : '/dashboard'}
    />
  );
}
