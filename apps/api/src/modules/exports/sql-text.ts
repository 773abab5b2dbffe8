import { type SQL, sql } from 'drizzle-orm';

/**
 * A timestamp as ISO 8601 text in UTC, written by the database, so both drivers (node-postgres
 * and PGlite parse timestamps into Dates differently) hand the export the same string.
 */
export function isoTimestamp(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}
