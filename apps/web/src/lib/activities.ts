import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type Activity,
  type ActivityType,
  dollarsToCents,
  type PiggyBank,
  PROPERTY_KEYS,
  type ScoredActivity,
} from '@wellbank/domain';
import { api } from './api-client';
import { getSession } from './session';
import { todayActivitiesQueryOptions, userQueryOptions } from './shell-queries';

export type PropertyValues = Record<string, number>;

/**
 * Today's activities of the signed-in user. SPEC.md §8: a failure to load them is not shown, so
 * callers read `activities` (empty while loading or after a failure) and `isPending`.
 */
export function useTodayActivities(enabled = true) {
  const query = useQuery({ ...todayActivitiesQueryOptions(), enabled });
  return { activities: query.data ?? [], isPending: enabled && query.isPending };
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

/**
 * The PUT body: every key of the type (0 when untouched). No total: the server computes it from
 * the properties and ignores one sent (DESIGN.md §1.2).
 */
export function activityBody(type: ActivityType, values: PropertyValues) {
  const properties = PROPERTY_KEYS[type].map((key) => ({
    property_key: key,
    property_value: values[key] ?? 0,
  }));
  if (type === 'stress') return { activity: { properties } };
  return { activity: { activity_type: type, properties } };
}

/** GET /piggy-banks: the fitness page reads it; a save of the day refreshes it. */
export const piggyBanksQueryOptions = () =>
  queryOptions({
    queryKey: ['piggy-banks'],
    queryFn: ({ signal }) => api.get<PiggyBank[]>('/piggy-banks', { auth: true, signal }),
    select: (body) => (Array.isArray(body) ? body : []),
  });

export interface SaveInput {
  type: ActivityType;
  values: PropertyValues;
  /** The school-local day (YYYY-MM-DD) for a past day's page; absent: today at the school. */
  date?: string | undefined;
}

/**
 * The one save of the entry pages: PUT /activities/{type} through the offline outbox
 * (lib/offline/sync.ts, loaded on the first save): without a network the write is kept on the
 * phone and `{queued: true}` answers at once; it is sent when the network is back.
 */
export async function saveActivity(queryClient: QueryClient, input: SaveInput) {
  const { saveThroughOutbox } = await import('./offline/sync');
  return saveThroughOutbox(queryClient, input);
}

/**
 * Saves of one type run one after another (mutation scope), so a slower earlier save never lands
 * after a later one. `networkMode: 'always'`: the save itself decides what to do offline (TanStack
 * Query would pause it, and the page would spin). A save that reached the server refreshes the
 * day, the points and the piggy banks; a queued one is already in the day shown.
 */
export function useSaveActivity(type: ActivityType, date?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PropertyValues) => saveActivity(queryClient, { type, values, date }),
    scope: { id: `activity-${type}` },
    networkMode: 'always',
    onSuccess: async (result) => {
      if (result.queued) return;
      const userId = getSession()?.id;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['activities'] }),
        queryClient.invalidateQueries({ queryKey: piggyBanksQueryOptions().queryKey }),
        userId && queryClient.invalidateQueries({ queryKey: userQueryOptions(userId).queryKey }),
      ]);
    },
  });
}
