import type { PeopleSort, SchoolUsersQuery } from '@wellbank/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { decodeCursor, encodeCursor, type PageEnd } from './points-cursor.ts';
import { keysetAfter, type OrderKey, orderBy } from './points-order.ts';

/** The columns every page row has: the name order and its cursor need them. */
export interface PersonRow {
  id: number;
  first_name: string;
  last_name: string;
}

export interface PeoplePage<Row> {
  rows: Row[];
  /** Rows in the whole list, every page. */
  total: number;
  /** The cursor of the next page; undefined on the last one. */
  nextCursor: string | undefined;
}

/**
 * One keyset page of a list of `users u` (README.md beside this file): the rows of
 * `members` after the cursor in the order `keys`, and the count of the whole list. `columns` is
 * the select list; `sortValueOf` the sort value a cursor keeps besides the names and id. The
 * statements are `sql` templates: the query builder would cost more CPU to build them than the
 * database spends running them (docs/performance.md).
 */
export async function readPeoplePage<Row extends PersonRow>(
  db: Db,
  list: {
    columns: SQL;
    members: SQL;
    sort: PeopleSort;
    keys: readonly OrderKey[];
    query: SchoolUsersQuery;
    sortValueOf?: (row: Row) => PageEnd['value'];
  },
): Promise<PeoplePage<Row>> {
  const { columns, members, sort, keys, query } = list;
  const end = query.cursor === undefined ? undefined : decodeCursor(query.cursor, sort);
  const [rows, counted] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select ${columns} from users u
      where ${members}${end ? sql` and ${keysetAfter(keys, end)}` : sql``}
      order by ${orderBy(keys)}
      limit ${query.limit + 1}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from users u where ${members}`,
    ),
  ]);
  // One row more than the page says whether a next page exists without asking for it.
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const pageEnd = (row: Row): PageEnd => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    value: list.sortValueOf?.(row) ?? null,
  });
  return {
    rows: page,
    total: counted[0]?.total ?? 0,
    nextCursor: rows.length > query.limit && last ? encodeCursor(sort, pageEnd(last)) : undefined,
  };
}
