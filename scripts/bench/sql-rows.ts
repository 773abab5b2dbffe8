import type { SQL } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';

/** Both drivers answer `{rows}`; the driver-neutral Db type leaves the result unknown. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A PostgreSQL array literal, passed as one text parameter and cast in SQL (`$1::int[]`), so a
 * bulk insert is one `unnest` statement on both drivers instead of thousands of parameters.
 */
export function pgArray(values: readonly (number | string | boolean)[]): string {
  return `{${values.map((value) => (typeof value === 'boolean' ? (value ? 't' : 'f') : value)).join(',')}}`;
}
