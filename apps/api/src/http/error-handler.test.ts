import { MESSAGES } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { installErrorHandler } from './error-handler.ts';

let database: Database;
const app = Fastify();
const reported: unknown[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  installErrorHandler(app, (error) => reported.push(error));
  app.get('/always-in-conflict', () =>
    database.db.transaction((tx) =>
      tx.execute(sql`do $$ begin raise exception 'conflict' using errcode = '40001'; end $$`),
    ),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('installErrorHandler', () => {
  it('answers a transaction still in conflict after its retries 503, to try again, not 500', async () => {
    const response = await app.inject({ url: '/always-in-conflict' });
    expect([response.statusCode, response.json(), response.headers['retry-after']]).toEqual([
      503,
      { error: MESSAGES.serverBusy },
      '1',
    ]);
    expect(reported).toEqual([]);
  });
});
