import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../env.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from './client.ts';
import { queryPreparedSql, statementName } from './prepared.ts';
import { queryRows } from './query-rows.ts';

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
