import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * The rows of a raw `sql` statement. Both drivers answer `{rows}` of objects keyed by column
 * name; the driver-neutral Db type leaves the result unknown, so the caller names the row type.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
