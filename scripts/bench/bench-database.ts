import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPostgres } from '../../apps/api/src/db/client.ts';
import { waitForSessionsToEnd } from '../../apps/api/src/test/test-database.ts';

export interface BenchDatabase extends Database {
  name: string;
  url: string;
  /** Closes the pool and drops the database (unless kept). */
  dispose(): Promise<void>;
}

/**
 * A fresh `wb_bench_<random>` database on the server, migrated by the app's own `openPostgres`
 * (the same migrator and advisory lock as a starting server), whose commits do not wait for the
 * disk.
 */
export async function createBenchDatabase(
  serverUrl: string,
  options: { keep: boolean },
): Promise<BenchDatabase> {
  const name = `wb_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    // Commits do not wait for the WAL's flush on the machine's disk, whose stalls of up to 600 ms
    // fell in whichever server's slice was measured (decision 0040). Both servers alike.
    await adminQuery(serverUrl, `alter database ${name} set synchronous_commit = off`);
    const database = await openPostgres(url.toString());
    return {
      ...database,
      name,
      url: url.toString(),
      async dispose() {
        await database.close();
        if (options.keep) return;
        // Pools (the job queue's too) resolve their end before their connections have closed;
        // a forced drop meanwhile terminated them, which pg reports as an uncaught error.
        await waitForSessionsToEnd(serverUrl, name);
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      },
    };
  } catch (error) {
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    throw error;
  }
}

async function adminQuery(serverUrl: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}
