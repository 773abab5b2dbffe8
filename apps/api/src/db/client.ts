import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { FairPGlite } from './fair-pglite.ts';
import { type QueryListener, timePgliteQueries, timePgQueries } from './query-timing.ts';
import * as schema from './schema.ts';
import { retryTransactions } from './transaction-retry.ts';

/** The one database type service code sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** How the job queue (pg-boss, jobs/job-queue.ts) reaches the same database. */
export type QueueConnection =
  /** PGlite has one connection: the queue shares it with `db`. */
  | { kind: 'pglite'; client: PGlite }
  /** On a server the queue keeps a small pool of its own. */
  | { kind: 'postgres'; connectionString: string };

export interface Database {
  db: Db;
  queueConnection: QueueConnection;
  /** Connections for GET /metrics: a pool's, or PGlite's one connection inside this process. */
  poolUsage(): PoolUsage;
  close(): Promise<void>;
}

export interface PoolUsage {
  total: number;
  idle?: number;
  /** Queries waiting for a connection. */
  waiting?: number;
}

/** PGlite runs one query at a time on its one connection and shows no queue to measure. */
const PGLITE_USAGE: PoolUsage = { total: 1 };

export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Any constant works; it only has to be the same in every instance running migrations. */
const MIGRATION_LOCK_KEY = 7_245_001;

/**
 * DESIGN.md §3: a PostgreSQL server when `databaseUrl` is set, else embedded PGlite persisted in
 * `dataDir/pglite` (one process per data directory, guarded by a lock file). Migrations run here.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told each statement and its time (LOG_LEVEL=debug). */
  onQuery?: QueryListener | undefined;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onQuery);
  await mkdir(options.dataDir, { recursive: true });
  const release = await lockDataDir(options.dataDir);
  try {
    const database = await openPglite(join(options.dataDir, 'pglite'), options.onQuery);
    return {
      ...database,
      async close() {
        await database.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** In-memory PGlite when `dataDir` is undefined (tests). */
export async function openPglite(dataDir?: string, onQuery?: QueryListener): Promise<Database> {
  const client = new FairPGlite(dataDir);
  if (onQuery) timePgliteQueries(client, onQuery);
  const db = retryTransactions(drizzlePglite({ client, schema }));
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    queueConnection: { kind: 'pglite', client },
    poolUsage: () => PGLITE_USAGE,
    close: () => client.close(),
  };
}

export async function openPostgres(
  connectionString: string,
  onQuery?: QueryListener,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  if (onQuery) timePgQueries(pool, onQuery);
  try {
    await migrateWithLock(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: retryTransactions(drizzleNodePg({ client: pool, schema })),
    queueConnection: { kind: 'postgres', connectionString },
    poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** Instances starting together on one server take turns, so each migration runs once. */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
