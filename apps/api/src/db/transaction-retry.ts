import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './client.ts';
import { isTransactionConflict } from './errors.ts';

/** Runs of one transaction in all: the first and up to four more (decision 0042). */
export const TRANSACTION_ATTEMPTS = 5;

/**
 * Runs `transaction` again, whole, when PostgreSQL gave up on it for a deadlock or a
 * serialization failure, a bounded number of times, after a short random pause so that the two
 * sides of a deadlock do not meet again at once. Any other error, and the last conflict, go to
 * the caller. Every transaction of the app comes through here (`retryTransactions` and
 * `preparedTransaction`), so a conflict is never answered as a 500 while a retry can still win.
 */
export async function retryOnConflict<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(error)) throw error;
      await sleep(Math.random() * 10 * attempt);
    }
  }
}

/**
 * Makes `db.transaction` retry on conflict. Only the database's own method: a transaction nested
 * in another (a savepoint) fails its outer transaction, which is the one run again.
 */
export function retryTransactions<T extends Db>(db: T): T {
  const transaction: Db['transaction'] = db.transaction.bind(db);
  const retrying: Db['transaction'] = (work, config) =>
    retryOnConflict(() => transaction(work, config));
  return Object.assign(db, { transaction: retrying });
}
