import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { timePgQueries } from '../../apps/api/src/db/query-timing.ts';
import * as schema from '../../apps/api/src/db/schema.ts';
import {
  listTodaysActivities,
  saveActivity,
} from '../../apps/api/src/modules/activities/activities.service.ts';
import { findSessionUser } from '../../apps/api/src/modules/auth/sessions.ts';
import { BASELINE_TEXTS } from './baseline-statements.ts';

const TRANSACTION_CONTROL = new Set(['begin', 'commit', 'rollback']);

/**
 * Runs the app's own code for one user's session (looked up, then touched), GET and PUTs (a
 * plain activity, a fitness day that earns a piggy bank and one that loses it) on a pool that
 * records every statement the driver sends (Drizzle's and the prepared ones alike), and answers
 * the statements the baseline does not have: none, or the comparison is unfair.
 */
export async function statementsMissingFromBaseline(url: string, token: string): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const recorded = new Set<string>();
  timePgQueries(pool, (text) => recorded.add(text));
  const db = drizzle({ client: pool, schema });
  try {
    const now = new Date();
    const user = await findSessionUser(db, token, now);
    if (!user) throw new Error('the mirror check has no signed-in user');
    // Two minutes on, the same session is touched (its once-a-minute write).
    await findSessionUser(db, token, new Date(now.getTime() + 2 * 60_000));
    await listTodaysActivities(db, user, now);
    const write = (type: 'water' | 'fitness', values: Record<string, number>) =>
      saveActivity(db, { user, type, values, now });
    await write('water', { cups: 4, fruit: 1, vegetables: 2 });
    await write('fitness', { vigorous_duration: 40, moderate_duration: 0, piggy_bank: 0 });
    await write('fitness', { vigorous_duration: 10, moderate_duration: 0, piggy_bank: 0 });
  } finally {
    await pool.end();
  }
  return [...recorded].filter((sql) => !TRANSACTION_CONTROL.has(sql) && !BASELINE_TEXTS.has(sql));
}
