import type { QueryClient } from '@tanstack/react-query';
import { forgetUser } from './offline-store';
import { readOutbox } from './outbox';
import { syncOutbox } from './sync';

/** How long a logout waits for the phone's queued writes to reach the server. */
const LAST_SYNC_MS = 5000;

/** A last try to send what was saved on this phone, since the logout deletes it. */
export async function sendBeforeLogout(queryClient: QueryClient, userId: number): Promise<void> {
  if (!navigator.onLine) return;
  await Promise.race([
    syncOutbox(queryClient, userId),
    new Promise((resolve) => setTimeout(resolve, LAST_SYNC_MS)),
  ]);
}

/** How many writes still wait on this phone (after the last try to send them). */
export async function unsentWrites(userId: number): Promise<number> {
  return (await readOutbox(userId)).writes.length;
}

/**
 * Deletes everything the offline layer kept of this user on the device (the saved pages, the
 * queue): on a shared family tablet nothing of them survives their logout (decision 0027).
 */
export function forgetOfflineData(userId: number): Promise<void> {
  return forgetUser(userId);
}
