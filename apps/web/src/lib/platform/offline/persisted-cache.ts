import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { MySchool } from '@wellbank/domain';
import { getSession } from '../session';
import { todayActivitiesQueryOptions } from '../shell-queries';
import { readValue, userKey, writeValue } from './offline-store';
import { schoolCalendar } from './school-day';

/** A cache older than this is not shown: a week-old "today" would mislead more than help. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Bump when the shape of a persisted query changes, so an old copy is not read as a new one. */
const VERSION = 1;
const THROTTLE_MS = 1000;

interface PersistedCache {
  version: number;
  savedAt: number;
  state: DehydratedState;
}

/** What a signed-in page needs to open offline: the frame, the day, the team and progress. */
const PERSISTED_ROOTS = new Set(['users', 'activities', 'piggy-banks', 'teams', 'snapshots']);

function isPersisted(query: Query): boolean {
  const [root, second] = query.queryKey;
  const wanted = PERSISTED_ROOTS.has(String(root)) || (root === 'schools' && second === 'me');
  return wanted && query.state.status === 'success';
}

const TODAY_KEY = JSON.stringify(todayActivitiesQueryOptions().queryKey);

/**
 * The saved cache without a "today" read on an earlier school day: a phone opened offline after
 * midnight shows an empty new day (and what it queues), not yesterday's activities as today's.
 */
export function withoutEarlierToday(
  state: DehydratedState,
  schoolDayOf: (deviceTime: number) => string,
  now = Date.now(),
): DehydratedState {
  const today = schoolDayOf(now);
  const queries = state.queries.filter(
    (query) =>
      JSON.stringify(query.queryKey) !== TODAY_KEY ||
      schoolDayOf(query.state.dataUpdatedAt) === today,
  );
  return { ...state, queries };
}

function savedTimeZone(state: DehydratedState): string | undefined {
  const school = state.queries.find(
    ({ queryKey: [root, second] }) => root === 'schools' && second === 'me',
  );
  return (school?.state.data as MySchool | undefined)?.time_zone;
}

/** Puts the user's last saved cache into the client; newer data already there is kept. */
export async function restoreCache(queryClient: QueryClient, userId: number): Promise<void> {
  const saved = await readValue<PersistedCache>(userKey('cache', userId));
  if (!saved || saved.version !== VERSION || Date.now() - saved.savedAt > MAX_AGE_MS) return;
  if (getSession()?.id !== userId) return;
  const calendar = await schoolCalendar(userId, savedTimeZone(saved.state));
  hydrate(queryClient, withoutEarlierToday(saved.state, calendar));
}

/**
 * Saves the cache to IndexedDB a second after it starts and after it changes, under the signed-in user's key; stops
 * writing the moment the session changes (the logout then deletes the key: lib/platform/logout.ts).
 */
export function persistCache(queryClient: QueryClient, userId: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    if (getSession()?.id !== userId) return;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: isPersisted });
    void writeValue(userKey('cache', userId), { version: VERSION, savedAt: Date.now(), state });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    timer ??= setTimeout(save, THROTTLE_MS);
  });
  // What a page read while the saved cache was being restored came before this subscription:
  // saved now, or a page that reads nothing more (/progress) would never be kept.
  timer = setTimeout(save, THROTTLE_MS);
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
