import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { testDatabaseUrl } from '../test/test-env.ts';
import type { Database, Db } from './client.ts';
import { isTransactionConflict } from './errors.ts';
import { preparedTransaction, prepareStatement } from './prepared.ts';
import { rateLimits } from './schema.ts';
import { TRANSACTION_ATTEMPTS } from './transaction-retry.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const COUNT_UP = prepareStatement<never, { key: string }>(
  sql`update ${rateLimits} set count = count + 1 where key = ${sql.placeholder('key')}`,
);

/** A real error of that SQLSTATE, raised by the database as PostgreSQL raises its own. */
const raising = (sqlState: string) =>
  sql.raw(`do $$ begin raise exception 'conflict' using errcode = '${sqlState}'; end $$`);

function raise(db: Db, sqlState: string) {
  return db.execute(raising(sqlState));
}

const RAISE_SERIALIZATION_FAILURE = prepareStatement<never, object>(raising('40001'));

/** A promise and the function that settles it. */
function signal() {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

async function seedCounters(keys: string[]) {
  await database.db
    .insert(rateLimits)
    .values(keys.map((key) => ({ key, windowStart: new Date(), count: 1 })));
}

async function counts(keys: string[]) {
  const rows = await database.db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(inArray(rateLimits.key, keys));
  return Object.fromEntries(rows.map((row) => [row.key, row.count]));
}

/** A transaction that raises that SQLSTATE every time: how often it ran, and what it threw. */
async function alwaysRaising(sqlState: string) {
  let runs = 0;
  const failed = await database.db
    .transaction(async (tx) => {
      runs += 1;
      await raise(tx, sqlState);
    })
    .catch((error: unknown) => error);
  return { runs, failed };
}

describe('db.transaction', () => {
  it('runs the whole transaction again after a deadlock, its first run undone', async () => {
    await seedCounters(['again']);
    let runs = 0;
    const answer = await database.db.transaction(async (tx) => {
      runs += 1;
      await tx.execute(sql`update ${rateLimits} set count = count + 1 where key = 'again'`);
      if (runs === 1) await raise(tx, '40P01');
      return 'done';
    });
    expect([answer, runs]).toEqual(['done', 2]);
    expect(await counts(['again'])).toEqual({ again: 2 });
  });

  it('gives up after a bounded number of runs and passes the conflict on', async () => {
    const { runs, failed } = await alwaysRaising('40001');
    expect([isTransactionConflict(failed), runs]).toEqual([true, TRANSACTION_ATTEMPTS]);
  });

  it('does not run a transaction again for any other error', async () => {
    const { runs, failed } = await alwaysRaising('23505');
    expect([isTransactionConflict(failed), runs]).toEqual([false, 1]);
  });
});

describe('preparedTransaction', () => {
  it('runs the whole transaction again after a serialization failure', async () => {
    await seedCounters(['prepared']);
    let runs = 0;
    await preparedTransaction(database.db, async (tx) => {
      runs += 1;
      await tx.run(COUNT_UP, { key: 'prepared' });
      if (runs === 1) await tx.run(RAISE_SERIALIZATION_FAILURE, {});
    });
    expect(runs).toBe(2);
    expect(await counts(['prepared'])).toEqual({ prepared: 2 });
  });
});

describe.runIf(testDatabaseUrl())('two transactions that deadlock on PostgreSQL', () => {
  it('both commit: the one PostgreSQL aborted runs again', async () => {
    await seedCounters(['left', 'right']);
    const locked = { left: signal(), right: signal() };
    let runs = 0;
    // Each locks its own row, waits until the other holds its own, then asks for the other's.
    const left = database.db.transaction(async (tx) => {
      runs += 1;
      await tx.execute(sql`update ${rateLimits} set count = count + 1 where key = 'left'`);
      locked.left.resolve();
      await locked.right.promise;
      await tx.execute(sql`update ${rateLimits} set count = count + 1 where key = 'right'`);
    });
    const right = preparedTransaction(database.db, async (tx) => {
      runs += 1;
      await tx.run(COUNT_UP, { key: 'right' });
      locked.right.resolve();
      await locked.left.promise;
      await tx.run(COUNT_UP, { key: 'left' });
    });
    await Promise.all([left, right]);
    expect(runs).toBe(3);
    expect(await counts(['left', 'right'])).toEqual({ left: 3, right: 3 });
  });
});
