import { is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import * as schema from '../db/schema.ts';

/**
 * Writes that a refused request may legitimately make (docs/architecture.md): the rate-limit
 * counter must count failures, and `last_used_at` is a read's idle-time refresh, not data.
 */
const EXCLUDED_TABLES = new Set(['rate_limits']);
const EXCLUDED_COLUMN = 'last_used_at';
/**
 * Rows a refused request writes on purpose: a failed sign-in is logged (decision 0025), and so
 * is the lock its fifth wrong picture sequence puts on a child's class sign-in (decision 0064).
 */
const EXCLUDED_ROWS: Record<string, SQL> = {
  audit_log: sql`t.action not in ('sign_in.failed', 'class_sign_in.lock')`,
};

const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table))
  .filter((table) => !EXCLUDED_TABLES.has(table.name))
  .sort((a, b) => a.name.localeCompare(b.name));

/**
 * `rows:newest row version`: every insert or update writes a row version stamped with its
 * transaction's id, which only grows, and a delete lowers the count. Cheap enough to take on
 * every request. A table with a column to leave out is hashed row by row instead.
 */
function tableDigest(table: (typeof TABLES)[number]): SQL {
  const name = sql.identifier(table.name);
  const rows = EXCLUDED_ROWS[table.name];
  const where = rows ? sql` where ${rows}` : sql``;
  const kept = table.columns.filter((column) => column.name !== EXCLUDED_COLUMN);
  if (kept.length === table.columns.length) {
    return sql`(select count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0)
      from ${name} t${where}) as ${name}`;
  }
  const row = sql`row(${sql.join(
    kept.map((column) => sql`t.${sql.identifier(column.name)}`),
    sql`, `,
  )})::text`;
  return sql`(select count(*) || ':' || coalesce(sum(hashtext(${row})), 0)
    from ${name} t${where}) as ${name}`;
}

/**
 * One digest per table, read in one statement: two equal fingerprints mean nothing was inserted,
 * updated or deleted in between, so a request that failed in between wrote nothing.
 */
export async function tableFingerprint(db: Db): Promise<Record<string, string>> {
  const [digests] = await queryRows<Record<string, string>>(
    db,
    sql`select ${sql.join(TABLES.map(tableDigest), sql`, `)}`,
  );
  if (!digests) throw new Error('the fingerprint query returned no row');
  return digests;
}
