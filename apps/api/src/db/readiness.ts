import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { ReadinessCheck } from '../operations/readiness.ts';
import { type Db, MIGRATIONS_FOLDER } from './client.ts';
import { queryRows } from './query-rows.ts';

/**
 * Ready when the database answers and holds every migration this build ships: Drizzle's migrator
 * records one row per applied migration in drizzle.__drizzle_migrations. One statement proves both.
 */
export function databaseReadiness(db: Db): ReadinessCheck {
  const shipped = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
  return {
    name: 'database',
    async check() {
      const [row] = await queryRows<{ applied: number }>(
        db,
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      );
      const applied = row?.applied ?? 0;
      if (applied < shipped) throw new Error(`${applied} of ${shipped} migrations applied`);
    },
  };
}
