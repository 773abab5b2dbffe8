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
