import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { getSession, isSharedDevice } from '../session';
import { mustPay, mySchoolQueryOptions, todayActivitiesQueryOptions } from '../shell-queries';
import { subscribeOutbox } from './outbox';
import { persistCache, restoreCache } from './persisted-cache';
import { showQueuedWrites, syncOutbox } from './sync';

/** While writes wait and the network is up, try again this often (a server error may pass). */
const RETRY_MS = 30_000;

/**
 * The offline layer of one signed-in user (decision 0027), started after the first paint: the
 * last data seen is put back into the cache (and saved as it changes), queued writes of today are
 * shown in the day, and the queue is sent now, on every reconnect and every 30 s while it waits.
 * Background Sync is not used (neither Safari nor Firefox has it): the queue is sent while the
 * app is open, and at its next start.
 */
export function startOfflineSession(queryClient: QueryClient, userId: number): () => void {
  const stops: (() => void)[] = [];
  let stopped = false;
  const sync = () => {
    if (!stopped && navigator.onLine) void syncOutbox(queryClient, userId);
  };
  // In memory before it is needed: a logout without network must still delete the user's data.
  void import('./logout-cleanup');
  // TanStack Query assumes a network at start; say what the browser knows, so reads pause.
  onlineManager.setOnline(navigator.onLine);

  // A child's session on a shared classroom device keeps no copy of their pages for the next
  // child (decision 0064): its queue of unsent saves is all that is written, and "I'm done"
  // sends it (or tells the child) before deleting it.
  const keepsCache = !isSharedDevice();
  void (keepsCache ? restoreCache(queryClient, userId) : Promise.resolve()).then(async () => {
    if (stopped) return;
    if (keepsCache) stops.push(persistCache(queryClient, userId));
    await showQueuedWrites(queryClient, userId);
    // The school's time zone dates the writes; a user with a payment due writes nothing, and the
    // read would answer 402, which sends them to the payment page from wherever they are.
    const session = getSession();
    if (navigator.onLine && session && !mustPay(session))
      void queryClient.prefetchQuery(mySchoolQueryOptions());
    sync();
  });

  // A fresh read of the day from the server: put what is still queued back on top of it.
  const todayKey = JSON.stringify(todayActivitiesQueryOptions().queryKey);
  stops.push(
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) {
        return;
      }
      if (JSON.stringify(event.query.queryKey) === todayKey) {
        void showQueuedWrites(queryClient, userId);
      }
    }),
  );
  stops.push(subscribeOutbox(() => void showQueuedWrites(queryClient, userId)));

  window.addEventListener('online', sync);
  const timer = setInterval(sync, RETRY_MS);
  stops.push(() => {
    window.removeEventListener('online', sync);
    clearInterval(timer);
  });
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}
