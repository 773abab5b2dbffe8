import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  type Activity,
  type ActivityType,
  keepsQueuedWrite,
  MESSAGES,
  OFFLINE_MESSAGES,
  type PropertyValues,
  toActivity,
} from '@wellbank/domain';
import { activityBody } from '../../day/activity-body';
import { refreshAfterSave } from '../../day/refresh-after-save';
import { ApiError, api } from '../api-client';
import { getSession } from '../session';
import {
  dayActivitiesQueryOptions,
  mySchoolQueryOptions,
  todayActivitiesQueryOptions,
} from '../shell-queries';
import {
  changeOutbox,
  newWriteId,
  type QueuedWrite,
  readOutbox,
  withDropped,
  withoutWrite,
  withWrite,
} from './outbox';
import { rememberTimeZone, schoolToday } from './school-day';

/** A request that has not answered in this time is given up; the write stays queued. */
const SEND_TIMEOUT_MS = 15_000;

type Outcome = { sent: Activity } | { dropped: ApiError } | 'kept';
const outcomes = new Map<string, Outcome>();

function reasonOf(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0) return error.message;
  return OFFLINE_MESSAGES.noNetwork;
}

async function send(write: QueuedWrite): Promise<Activity> {
  // `date` beside `activity`: the school-local day the user saved it for (issue #14).
  const body = { ...activityBody(write.type, write.values), date: write.date };
  return api.put<Activity>(`/activities/${write.type}`, body, {
    auth: true,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
}

/**
 * Sends the user's queued writes, oldest first, one at a time, and stops at the first that may
 * pass later (no network, a server error, an ended session: kept, with the reason). A write the
 * server refuses for good is dropped and listed with its reason. Never sends one user's writes
 * with another's session.
 */
async function sendQueued(queryClient: QueryClient, userId: number): Promise<void> {
  let sentAny = false;
  for (;;) {
    const [write] = (await readOutbox(userId)).writes;
    if (!write || getSession()?.id !== userId) break;
    try {
      const activity = await send(write);
      outcomes.set(write.id, { sent: activity });
      await changeOutbox(userId, (outbox) => withoutWrite(outbox, write.id));
      sentAny = true;
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (keepsQueuedWrite(status)) {
        outcomes.set(write.id, 'kept');
        await changeOutbox(userId, (outbox) => ({ ...outbox, lastError: reasonOf(error) }));
        break;
      }
      outcomes.set(write.id, { dropped: error as ApiError });
      await changeOutbox(userId, (outbox) => withDropped(outbox, write, reasonOf(error)));
      sentAny = true; // the day shown had the dropped write in it: read it again
    }
  }
  const { writes } = await readOutbox(userId);
  if (writes.length === 0)
    await changeOutbox(userId, (outbox) => ({ ...outbox, lastError: undefined }));
  if (sentAny) await refreshAfterSave(queryClient, userId);
}

let chain: Promise<void> = Promise.resolve();

/** Runs a send of the queue after any that is running, so two never interleave in a tab. */
export function syncOutbox(queryClient: QueryClient, userId: number): Promise<void> {
  chain = chain.then(() => sendQueued(queryClient, userId)).catch(() => {});
  return chain;
}

/** The school's time zone, when the app has read it; remembered for a start without network. */
function knownTimeZone(queryClient: QueryClient, userId: number): string | undefined {
  const timeZone = queryClient.getQueryData(mySchoolQueryOptions().queryKey)?.time_zone;
  if (timeZone) void rememberTimeZone(userId, timeZone);
  return timeZone;
}

/**
 * Shows queued writes in the cached days they were saved for (the dashboard, a past day's page,
 * the entry pages), keeping the time the server's data was read, which the offline banner shows.
 */
export async function showQueuedWrites(queryClient: QueryClient, userId: number): Promise<void> {
  const timeZone = knownTimeZone(queryClient, userId);
  const { writes } = await readOutbox(userId);
  // Nothing waits on most first loads: then the page's first date formatter (~13 ms of CPU on a
  // phone, decision 0048) is not built here at all.
  if (writes.length === 0) return;
  const today = await schoolToday(userId, timeZone);
  for (const date of new Set(writes.map((write) => write.date))) {
    const key =
      date === today
        ? todayActivitiesQueryOptions().queryKey
        : dayActivitiesQueryOptions(date).queryKey;
    showInDay(
      queryClient,
      key,
      writes.filter((write) => write.date === date),
    );
  }
}

function showInDay(queryClient: QueryClient, key: QueryKey, queued: readonly QueuedWrite[]): void {
  const state = queryClient.getQueryState(key);
  const cached = queryClient.getQueryData<Activity[]>(key);
  const day = Array.isArray(cached) ? cached : [];
  const replaced = new Set(queued.map((write) => write.type));
  const next = [
    ...day.filter((activity) => !replaced.has(activity.activity_type)),
    ...queued.map((write) => toActivity(write.type, write.values)),
  ];
  if (JSON.stringify(next) === JSON.stringify(day)) return;
  queryClient.setQueryData(key, next, { updatedAt: state?.dataUpdatedAt || undefined });
}

export type SaveResult = { queued: false; activity: Activity } | { queued: true };

/**
 * The one save of an entry page (issue #14): the write goes to the outbox first, dated with the
 * school's day now (or the `date` given, for a past day), then, with a network, the queue is
 * sent. Saved → the server's activity; refused for good → that error (the page shows it); no
 * network or a server error → `queued`, and the dashboard shows it as saved on this phone.
 */
export async function saveThroughOutbox(
  queryClient: QueryClient,
  input: { type: ActivityType; values: PropertyValues; date?: string | undefined },
): Promise<SaveResult> {
  const userId = getSession()?.id;
  if (userId === undefined) throw new ApiError(MESSAGES.notSignedIn, 401);
  const date = input.date ?? (await schoolToday(userId, knownTimeZone(queryClient, userId)));
  const write = {
    id: newWriteId(),
    date,
    type: input.type,
    values: { ...input.values },
    savedAt: Date.now(),
  };
  await changeOutbox(userId, (outbox) => withWrite(outbox, write));
  await showQueuedWrites(queryClient, userId);
  if (!navigator.onLine) return { queued: true };
  await syncOutbox(queryClient, userId);
  const outcome = outcomes.get(write.id);
  outcomes.delete(write.id);
  if (outcome === undefined || outcome === 'kept') return { queued: true };
  if ('sent' in outcome) return { queued: false, activity: outcome.sent };
  // The page says why; the list of dropped writes is for writes sent in the background.
  await changeOutbox(userId, (outbox) => ({
    ...outbox,
    dropped: outbox.dropped.filter((dropped) => dropped.id !== write.id),
  }));
  throw outcome.dropped;
}
