import { is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import * as schema from '../db/schema.ts';

/** Columns that name a user or a school, by table; a table's own `id` counts for itself. */
const USER_COLUMNS = new Set(['user_id', 'captain_user_id']);
const SCHOOL_COLUMNS = new Set(['school_id']);

const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table))
  .sort((a, b) => a.name.localeCompare(b.name));

export interface Traces {
  userIds?: number[];
  schoolIds?: number[];
  /** Personal or identifying text (e-mails, names, a school code): found in any column. */
  texts?: string[];
}

/**
 * What is left of deleted people or schools (decision 0022): for every table of the schema,
 * however many are added later, the rows that point at one of the ids or contain one of the
 * texts (case-insensitively, anywhere in the row). Rate limits included. Only tables with rows
 * left appear, so "nothing remains" is `{}`.
 */
export async function rowTraces(db: Db, traces: Traces): Promise<Record<string, number>> {
  const counts = TABLES.map((table) => {
    const conditions: SQL[] = [];
    for (const column of table.columns) {
      const name = sql`t.${sql.identifier(column.name)}`;
      const own = column.name === 'id';
      if ((USER_COLUMNS.has(column.name) || (own && table.name === 'users')) && traces.userIds) {
        conditions.push(sql`${name} in ${traces.userIds}`);
      }
      if (
        (SCHOOL_COLUMNS.has(column.name) || (own && table.name === 'schools')) &&
        traces.schoolIds
      ) {
        conditions.push(sql`${name} in ${traces.schoolIds}`);
      }
    }
    for (const text of traces.texts ?? []) {
      conditions.push(sql`strpos(lower(t::text), lower(${text})) > 0`);
    }
    const where = conditions.length ? sql.join(conditions, sql` or `) : sql`false`;
    const name = sql.identifier(table.name);
    return sql`(select count(*)::int from ${name} t where ${where}) as ${name}`;
  });
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select ${sql.join(counts, sql`, `)}`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).filter(([, count]) => count > 0));
}
