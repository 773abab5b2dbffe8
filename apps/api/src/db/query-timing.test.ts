import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from './client.ts';
import { preparedTransaction, prepareStatement, runPrepared } from './prepared.ts';

const timed: Array<{ text: string; ms: number }> = [];
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase((text, ms) => timed.push({ text, ms }));
}, 60_000);
afterAll(() => database.close());

describe('query timing (LOG_LEVEL=debug)', () => {
  it('reports every statement with its time: plain, prepared, failed and in a transaction', async () => {
    timed.length = 0;
    await database.db.execute(sql`select 1 as plain`);
    const prepared = (name: string) =>
      prepareStatement<never, { n: number }>(
        sql`select ${sql.placeholder('n')}::int as ${sql.raw(name)}`,
      );
    await runPrepared(database.db, prepared('prepared'), { n: 2 });
    await preparedTransaction(database.db, (tx) =>
      tx.run(prepared('prepared_in_transaction'), { n: 4 }),
    );
    await database.db.execute(sql`select 1 / 0 as failed`).catch(() => {});
    await database.db.transaction((tx) => tx.execute(sql`select 3 as in_transaction`));
    const texts = timed.map((entry) => entry.text).join('\n');
    for (const name of [
      'plain',
      'prepared',
      'failed',
      'in_transaction',
      'prepared_in_transaction',
    ]) {
      expect(texts).toContain(`as ${name}`);
    }
    expect(timed.every((entry) => entry.ms >= 0)).toBe(true);
  });
});
