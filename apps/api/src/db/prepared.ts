import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A Drizzle prepared query, built once per database and then only executed. Hot paths use it
 * because building a query with Drizzle's builder costs more CPU than running it (≈ 0.4 ms against
 * 0.1 ms for the session lookup, docs/performance.md); on PostgreSQL the name also makes it a
 * server-side prepared statement, parsed once per connection. Values go in as `sql.placeholder`.
 */
export function preparedQuery<P>(
  db: Db,
  name: string,
  build: (db: Db) => { prepare(name: string): P },
): P {
  let queries = cache.get(db);
  if (!queries) {
    queries = new Map();
    cache.set(db, queries);
  }
  let query = queries.get(name) as P | undefined;
  if (query === undefined) {
    query = build(db).prepare(name);
    queries.set(name, query);
  }
  return query;
}

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * The name PostgreSQL prepares a statement text under: derived from the text, so one name never
 * stands for two texts (the server refuses that) and every instance names a text alike.
 */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `wb_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a `sql` template as a named prepared statement and returns its rows. PostgreSQL then parses
 * and plans the text once per connection instead of at every call: for an activity write that is
 * about a third of the CPU the database and the kernel spend (docs/performance.md). Only for templates whose text is one of a few:
 * values must be parameters (`${value}`), never spliced in with `sql.raw`, or each connection
 * would keep a statement per value. PGlite runs it as an ordinary statement.
 */
export async function queryPreparedSql<T>(db: Db, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const prepared = db._.session.prepareQuery(query, undefined, statementName(query.sql), false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}
