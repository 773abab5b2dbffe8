import type { ActivityType, PropertyValues } from '@wellbank/domain';
import { readValue, updateValue, userKey } from './offline-store';

/** A save that has not reached the server yet. */
export interface QueuedWrite {
  id: string;
  /** The school-local day it was saved for (YYYY-MM-DD), fixed when the user saved. */
  date: string;
  type: ActivityType;
  values: PropertyValues;
  savedAt: number;
}

/** A queued write the server refused for good: shown until the user dismisses it. */
export interface DroppedWrite {
  id: string;
  date: string;
  type: ActivityType;
  reason: string;
}

export interface Outbox {
  /** Oldest first, at most one per (day, activity type). */
  writes: QueuedWrite[];
  dropped: DroppedWrite[];
  /** Why the last attempt to send failed (no network, a server error), while writes wait. */
  lastError?: string | undefined;
}

export const EMPTY_OUTBOX: Outbox = { writes: [], dropped: [] };

/** Adds a write; a later save of the same day and type replaces the earlier one, at the end. */
export function withWrite(outbox: Outbox, write: QueuedWrite): Outbox {
  const others = outbox.writes.filter((w) => w.date !== write.date || w.type !== write.type);
  return { ...outbox, writes: [...others, write] };
}

/** Removes a sent write, unless a newer save of the same day and type replaced it meanwhile. */
export function withoutWrite(outbox: Outbox, id: string): Outbox {
  return { ...outbox, writes: outbox.writes.filter((w) => w.id !== id) };
}

export function withDropped(outbox: Outbox, write: QueuedWrite, reason: string): Outbox {
  const dropped = { id: write.id, date: write.date, type: write.type, reason };
  return { ...withoutWrite(outbox, write.id), dropped: [...outbox.dropped, dropped] };
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls `listener` after every change of an outbox made in this tab. */
export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function readOutbox(userId: number): Promise<Outbox> {
  return (await readValue<Outbox>(userKey('outbox', userId))) ?? EMPTY_OUTBOX;
}

export async function changeOutbox(
  userId: number,
  change: (outbox: Outbox) => Outbox,
): Promise<void> {
  await updateValue<Outbox>(userKey('outbox', userId), (old) => change(old ?? EMPTY_OUTBOX));
  for (const listener of listeners) listener();
}

export function newWriteId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
