import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * How lists order names: lower case without accents, so "Élodie" sorts with "Elodie" between
 * "Eve" and "Zoe" whatever the database's collation (PGlite's and our servers' are C, where a
 * plain lower() puts every accented letter after z). NFD splits a letter from its accents, the
 * range is the combining accents. The same expression is indexed (schema.ts) and sorted on.
 */
export function nameSortKey(name: AnyPgColumn | SQL): SQL {
  return sql`lower(regexp_replace(normalize(${name}, NFD), '[\\u0300-\\u036f]', '', 'g'))`;
}
