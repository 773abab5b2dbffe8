import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import type { QueryListener } from '../db/query-timing.ts';
import { testDatabaseUrl } from './test-env.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL
 * is set, a uniquely named database on that server, dropped again on close.
 */
export async function openTestDatabase(onQuery?: QueryListener): Promise<Database> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) return openPglite(undefined, onQuery);
  const created = await createServerDatabase(serverUrl);
  const database = await openPostgres(created.url, onQuery);
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/** A new, empty `wb_test_*` database on that server, for a test or a server process to use. */
export async function createServerDatabase(serverUrl: string) {
  const name = `wb_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** Once every client has closed (it waits a little for that), drops it. */
    async drop() {
      await waitForSessionsToEnd(serverUrl, name);
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * `pool.end()` resolves before its connections have finished closing; dropping the database
 * `with (force)` while they close terminates them, and the driver reports that as an uncaught
 * error. So wait (briefly) until the server has no session left on the database.
 */
export async function waitForSessionsToEnd(serverUrl: string, name: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const sessions = await adminQuery(
      serverUrl,
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (sessions[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One statement on its own connection: databases made and dropped, or a look at one. */
export async function adminQuery(
  serverUrl: string,
  statement: string,
  values: unknown[] = [],
): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}
