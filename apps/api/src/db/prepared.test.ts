import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { testDatabaseUrl } from '../test/test-env.ts';
import type { Database } from './client.ts';
import { preparedSelect, queryPreparedSql, statementName } from './prepared.ts';
import { queryRows } from './query-rows.ts';
import { rateLimits } from './schema.ts';

const square = (n: number) => sql`select ${n}::int * ${n}::int as square`;

describe('statementName', () => {
  it('names one text alike every time and two texts apart', () => {
    expect(statementName('select 1')).toBe(statementName('select 1'));
    expect(statementName('select 1')).not.toBe(statementName('select 2'));
    expect(statementName('select 1')).toMatch(/^wb_[0-9a-f]{24}$/);
  });
});

describe('queryPreparedSql', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('answers each call with its own values, past the calls after which PostgreSQL may plan it generically', async () => {
    for (let n = 1; n <= 8; n++) {
      expect(await queryPreparedSql(database.db, square(n))).toEqual([{ square: n * n }]);
    }
  });

  it.runIf(testDatabaseUrl())(
    'prepares the text once on the connection, under its name',
    async () => {
      const text = 'select $1::int * $2::int as square';
      const prepared = await database.db.transaction(async (tx) => {
        await queryPreparedSql(tx, square(3));
        await queryPreparedSql(tx, square(4));
        return queryRows(tx, sql`select name, statement from pg_prepared_statements`);
      });
      expect(prepared).toContainEqual({ name: statementName(text), statement: text });
    },
  );
});

describe('preparedSelect', () => {
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

  const byKey = (db: Database['db']) =>
    preparedSelect(db, 'test_rate_limit_by_key', (db) =>
      db
        .select({
          count: rateLimits.count,
          windowStart: rateLimits.windowStart,
          keys: sql<string[]>`array[${rateLimits.key}, 'z']`,
          details: sql<{ n: number }>`jsonb_build_object('n', ${rateLimits.count})`,
        })
        .from(rateLimits)
        .where(eq(rateLimits.key, sql.placeholder('key'))),
    );

  it('answers rows named by the fields, with the values Drizzle gives', async () => {
    expect(await byKey(database.db).execute({ key: 'b' })).toEqual([
      { count: 4, windowStart, keys: ['b', 'z'], details: { n: 4 } },
    ]);
    expect(await byKey(database.db).execute({ key: 'a' })).toEqual([
      { count: 3, windowStart, keys: ['a', 'z'], details: { n: 3 } },
    ]);
    expect(await byKey(database.db).execute({ key: 'none' })).toEqual([]);
  });

  it('is compiled once per database', () => {
    expect(byKey(database.db)).toBe(byKey(database.db));
  });

  it('refuses a value that is not a placeholder, and a transaction', async () => {
    expect(() =>
      preparedSelect(database.db, 'test_literal', (db) =>
        db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, 'a')),
      ),
    ).toThrow('every value must be a sql.placeholder');
    await expect(database.db.transaction(async (tx) => byKey(tx))).rejects.toThrow(
      'not inside a transaction',
    );
  });
});
