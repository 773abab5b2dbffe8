import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What a save the server took makes stale: every day's activities (today and past days), the piggy
 * banks, the snapshots of /progress and the user (its points). One list for every save, sent at
 * once or later from the offline outbox (lib/platform/offline/sync.ts), so none is forgotten.
 */
export function queriesStaleAfterSave(userId: number): QueryKey[] {
  return [['activities'], ['piggy-banks'], ['snapshots'], ['users', userId]];
}

export function refreshAfterSave(queryClient: QueryClient, userId: number): Promise<unknown> {
  return Promise.all(
    queriesStaleAfterSave(userId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
