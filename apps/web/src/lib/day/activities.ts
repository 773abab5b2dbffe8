import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityType, PiggyBank } from '@wellbank/domain';
import { api } from '../platform/api-client';
import type { PropertyValues } from './day-activities';

export type { PropertyValues } from './day-activities';

/**
 * GET /piggy-banks: the fitness page reads it; a save of the day refreshes it. With a date
 * (issue #14 past days), the piggy banks usable on that day.
 */
export const piggyBanksQueryOptions = (date?: string) =>
  queryOptions({
    queryKey: date ? ['piggy-banks', date] : ['piggy-banks'],
    queryFn: ({ signal }) =>
      api.get<PiggyBank[]>(date ? `/piggy-banks?date=${date}` : '/piggy-banks', {
        auth: true,
        signal,
      }),
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
 * (lib/platform/offline/sync.ts, loaded on the first save): without a network the write is kept on
 * the phone and `{queued: true}` answers at once; it is sent when the network is back.
 */
export async function saveActivity(queryClient: QueryClient, input: SaveInput) {
  const { saveThroughOutbox } = await import('../platform/offline/sync');
  return saveThroughOutbox(queryClient, input);
}

/**
 * Saves of one type run one after another (mutation scope), so a slower earlier save never lands
 * after a later one. `networkMode: 'always'`: the save itself decides what to do offline (TanStack
 * Query would pause it, and the page would spin). A save that reached the server has refreshed
 * what it made stale before it answers (lib/day/refresh-after-save.ts, from the sync); a queued one
 * is already in the day shown.
 */
export function useSaveActivity(type: ActivityType, date?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PropertyValues) => saveActivity(queryClient, { type, values, date }),
    scope: { id: `activity-${type}` },
    networkMode: 'always',
  });
}
