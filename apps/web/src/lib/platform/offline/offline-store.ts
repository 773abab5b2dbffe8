import { createStore, del, get, keys, set, type UseStore, update } from 'idb-keyval';

/**
 * The one IndexedDB database of the offline layer (decision 0027), through idb-keyval: per user
 * the outbox (`outbox:{id}`), the persisted query cache (`cache:{id}`) and the school's time zone
 * (`zone:{id}`); for the device, the server clock's offset (`clock`). A logout deletes every key
 * of its user (`forgetUser`): nothing of a user survives it on a shared tablet.
 */
let store: UseStore | undefined;

function offlineStore(): UseStore {
  store ??= createStore('wellbank-offline', 'keyval');
  return store;
}

export type UserKey = `${'outbox' | 'cache' | 'zone'}:${number}`;

export function userKey(kind: 'outbox' | 'cache' | 'zone', userId: number): UserKey {
  return `${kind}:${userId}`;
}

export function readValue<T>(key: string): Promise<T | undefined> {
  return get<T>(key, offlineStore());
}

export function writeValue(key: string, value: unknown): Promise<void> {
  return set(key, value, offlineStore());
}

/** Reads and writes one key in one IndexedDB transaction, so two saves cannot lose each other. */
export function updateValue<T>(key: string, updater: (old: T | undefined) => T): Promise<void> {
  return update<T>(key, updater, offlineStore());
}

export async function forgetUser(userId: number): Promise<void> {
  const mine = (await keys<string>(offlineStore())).filter((key) => key.endsWith(`:${userId}`));
  await Promise.all(mine.map((key) => del(key, offlineStore())));
}
