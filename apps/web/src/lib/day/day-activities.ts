import { useQuery } from '@tanstack/react-query';
import {
  type Activity,
  type ActivityType,
  dollarsToCents,
  type ScoredActivity,
} from '@wellbank/domain';
import { dayActivitiesQueryOptions, todayActivitiesQueryOptions } from '../platform/shell-queries';

/*
 * Reading a day's activities, apart from the save (lib/day/activities.ts), so the dashboard's first
 * load does not carry TanStack Query's mutation code (decision 0028).
 */

export type PropertyValues = Record<string, number>;

/**
 * Today's activities of the signed-in user, or with a date (YYYY-MM-DD) that day's. SPEC.md §8:
 * a failure to load them is not shown, so callers read `activities` (empty while loading or
 * after a failure) and `isPending`.
 */
export function useDayActivities(date?: string, enabled = true) {
  const options = date ? dayActivitiesQueryOptions(date) : todayActivitiesQueryOptions();
  const query = useQuery({ ...options, enabled });
  return { activities: query.data ?? [], isPending: enabled && query.isPending };
}

export function useTodayActivities(enabled = true) {
  return useDayActivities(undefined, enabled);
}

export function valuesOf(activity: Activity | undefined): PropertyValues {
  const values: PropertyValues = {};
  for (const { property_key, property_value } of activity?.properties ?? []) {
    values[property_key] = property_value;
  }
  return values;
}

export function findActivity(
  activities: readonly Activity[],
  type: ActivityType,
): Activity | undefined {
  return activities.find((a) => a.activity_type === type);
}

/** The domain's view of the day: totals in cents and property values by key. */
export function toScored(activities: readonly Activity[]): ScoredActivity[] {
  return activities.map((a) => ({
    activity_type: a.activity_type,
    total_cents: dollarsToCents(a.total),
    values: valuesOf(a),
  }));
}
