import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { piggyBanksQueryOptions } from '@/lib/day/activities';
import { refreshAfterSave } from '@/lib/day/refresh-after-save';
import {
  dayActivitiesQueryOptions,
  todayActivitiesQueryOptions,
  userQueryOptions,
} from '@/lib/platform/shell-queries';
import { dailyBalancesQueryOptions, weeklySnapshotQueryOptions } from './snapshots';

const USER_ID = 7;

/** A client holding every query a page may show, each read and fresh. */
function clientWith(keys: readonly QueryKey[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, {});
  return client;
}

const isStale = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated;

describe('refreshAfterSave', () => {
  it('makes /progress stale after a save, whether sent at once or synced later', async () => {
    const progress = [
      weeklySnapshotQueryOptions().queryKey,
      dailyBalancesQueryOptions(14).queryKey,
    ];
    const client = clientWith(progress);
    await refreshAfterSave(client, USER_ID);
    for (const key of progress) expect(isStale(client, key), JSON.stringify(key)).toBe(true);
  });

  it('makes the days, the piggy banks and the user stale, and no other user', async () => {
    const stale = [
      todayActivitiesQueryOptions().queryKey,
      dayActivitiesQueryOptions('2026-11-20').queryKey,
      piggyBanksQueryOptions().queryKey,
      piggyBanksQueryOptions('2026-11-20').queryKey,
      userQueryOptions(USER_ID).queryKey,
    ];
    const other = userQueryOptions(USER_ID + 1).queryKey;
    const client = clientWith([...stale, other]);
    await refreshAfterSave(client, USER_ID);
    for (const key of stale) expect(isStale(client, key), JSON.stringify(key)).toBe(true);
    expect(isStale(client, other)).toBe(false);
  });
});
