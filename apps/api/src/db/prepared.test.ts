import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { testDatabaseUrl } from '../test/test-env.ts';
import type { Database } from './client.ts';
import { preparedTransaction, prepareStatement, runPrepared, statementName } from './prepared.ts';
import { rateLimits } from './schema.ts';

const SQUARE = prepareStatement<{ square: number }, { n: number }>(
  sql`select ${sql.placeholder('n')}::int * ${sql.placeholder('n')}::int as square`,
);

const RATE_LIMIT = prepareStatement<
  { count: number; windowStart: Date; keys: string[]; details: { n: number } },
  { key: string }
>(
  sql`select ${rateLimits.count} as count, ${rateLimits.windowStart} as "windowStart",
  array[${rateLimits.key}, 'z'] as keys, jsonb_build_object('n', ${rateLimits.count}) as details
from ${rateLimits} where ${rateLimits.key} = ${sql.placeholder('key')}`,
);

const ADD_RATE_LIMIT = prepareStatement<never, { key: string; windowStart: string }>(
  sql`insert into ${rateLimits} (key, window_start, count)
  values (${sql.placeholder('key')}, ${sql.placeholder('windowStart')}, 1)`,
);

describe('statementName', () => {
  it('names one text alike every time and two texts apart', () => {
    expect(statementName('select 1')).toBe(statementName('select 1'));
    expect(statementName('select 1')).not.toBe(statementName('select 2'));
    expect(statementName('select 1')).toMatch(/^wb_[0-9a-f]{24}$/);
  });
});

describe('prepareStatement', () => {
  it('compiles the text once, with a $n for every placeholder', () => {
    expect(SQUARE.text).toBe('select $1::int * $2::int as square');
    expect(SQUARE.placeholders).toEqual(['n', 'n']);
    expect(SQUARE.name).toBe(statementName(SQUARE.text));
  });

  it('refuses a value spliced into the text', () => {
    expect(() => prepareStatement(sql`select ${3}::int`)).toThrow(
      'every value must be a sql.placeholder',
    );
  });
});

describe('runPrepared and preparedTransaction', () => {
  let database: Database;
  const windowStart = new Date('2026-03-04T05:06:07.000Z');
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(rateLimits).values([
      { key: 'a', windowStart, count: 3 },
      { key: 'b', windowStart, count: 4 },
    ]);
  });
  afterAll(() => database.close());

  it('answers each call with its own values, past the calls after which PostgreSQL may plan it generically', async () => {
    for (let n = 1; n <= 8; n++) {
      expect(await runPrepared(database.db, SQUARE, { n })).toEqual([{ square: n * n }]);
    }
  });

  it('answers rows with the values the query builder gives', async () => {
    const built = await database.db
      .select({
        count: rateLimits.count,
        windowStart: rateLimits.windowStart,
        keys: sql<string[]>`array[${rateLimits.key}, 'z']`,
        details: sql<{ n: number }>`jsonb_build_object('n', ${rateLimits.count})`,
      })
      .from(rateLimits)
      .where(eq(rateLimits.key, 'b'));
    expect(built).toEqual([{ count: 4, windowStart, keys: ['b', 'z'], details: { n: 4 } }]);
    expect(await runPrepared(database.db, RATE_LIMIT, { key: 'b' })).toEqual(built);
    expect(await runPrepared(database.db, RATE_LIMIT, { key: 'none' })).toEqual([]);
  });

  it('refuses a missing value and a Drizzle transaction', async () => {
    await expect(runPrepared(database.db, SQUARE, {} as { n: number })).rejects.toThrow(
      'no value for n',
    );
    await expect(
      database.db.transaction((tx) => runPrepared(tx, SQUARE, { n: 2 })),
    ).rejects.toThrow('not in a Drizzle transaction');
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const at = windowStart.toISOString();
    await preparedTransaction(database.db, (tx) =>
      tx.run(ADD_RATE_LIMIT, { key: 'kept', windowStart: at }),
    );
    await expect(
      preparedTransaction(database.db, async (tx) => {
        await tx.run(ADD_RATE_LIMIT, { key: 'undone', windowStart: at });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const keys = await database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.map((row) => row.key).sort()).toEqual(['a', 'b', 'kept']);
  });

  it('runs the statements of a transaction on one connection, in order', async () => {
    const seen = await preparedTransaction(database.db, async (tx) => {
      await tx.run(ADD_RATE_LIMIT, { key: 'mine', windowStart: windowStart.toISOString() });
      return tx.run(RATE_LIMIT, { key: 'mine' });
    });
    expect(seen).toEqual([{ count: 1, windowStart, keys: ['mine', 'z'], details: { n: 1 } }]);
  });

  it('prepares the text under its name, on the PostgreSQL server and on PGlite alike', async () => {
    const prepared = await preparedTransaction(database.db, async (tx) => {
      await tx.run(SQUARE, { n: 3 });
      return tx.run(
        prepareStatement<{ name: string; statement: string }, object>(
          sql`select name, statement from pg_prepared_statements`,
        ),
        {},
      );
    });
    expect(prepared).toContainEqual({ name: SQUARE.name, statement: SQUARE.text });
  });

  it("throws PostgreSQL's error for a failing statement and goes on answering", async () => {
    const at = windowStart.toISOString();
    await expect(
      runPrepared(database.db, ADD_RATE_LIMIT, { key: 'a', windowStart: at }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      preparedTransaction(database.db, (tx) =>
        tx.run(ADD_RATE_LIMIT, { key: 'b', windowStart: at }),
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await runPrepared(database.db, SQUARE, { n: 5 })).toEqual([{ square: 25 }]);
  });

  it("never runs a statement inside another request's open transaction", async () => {
    const at = windowStart.toISOString();
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const undone = preparedTransaction(database.db, async (tx) => {
      await tx.run(ADD_RATE_LIMIT, { key: 'rolled-back', windowStart: at });
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('changed my mind');
    }).then(
      () => 'committed',
      (error: Error) => error.message,
    );
    await insertedYet;
    // On PGlite's one session, a statement slipped into that transaction would see its row.
    const seen = await runPrepared(database.db, RATE_LIMIT, { key: 'rolled-back' });
    expect(await undone).toBe('changed my mind');
    expect(seen).toEqual([]);
  });

  it.runIf(testDatabaseUrl())(
    'prepares the text once on the connection, under its name',
    async () => {
      const prepared = await preparedTransaction(database.db, async (tx) => {
        await tx.run(SQUARE, { n: 3 });
        await tx.run(SQUARE, { n: 4 });
        return tx.run(
          prepareStatement<{ name: string; statement: string }, object>(
            sql`select name, statement from pg_prepared_statements`,
          ),
          {},
        );
      });
      expect(prepared).toContainEqual({ name: SQUARE.name, statement: SQUARE.text });
    },
  );
});
