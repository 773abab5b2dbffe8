import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../apps/api/src/db/schema.ts';
import {
  findMyTeam,
  listTeamUsers,
} from '../../apps/api/src/modules/leaderboard/leaderboard.service.ts';
import { listActiveStudentPoints } from '../../apps/api/src/modules/school-users/school-users.service.ts';
import { weeklySnapshot } from '../../apps/api/src/modules/snapshots/snapshots.service.ts';

export interface QueryPlan {
  call: string;
  sql: string;
  params: unknown[];
  plan: string;
}

interface Subject {
  schoolId: number;
  userId: number;
  teamId: number;
}

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of the statements the product really sends: each service runs once
 * on a Drizzle instance that records its queries, and each recorded query is explained with the
 * same parameters. So the plans stay those of the current code, not of a copy.
 */
export async function explainProductQueries(url: string, subject: Subject): Promise<QueryPlan[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const recorded: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql, params) => recorded.push({ sql, params }) },
  });
  const calls: [string, () => Promise<unknown>][] = [
    ['GET /teams/me: findMyTeam', () => findMyTeam(db, subject.userId)],
    [
      'GET /teams/{id}/users: listTeamUsers',
      () => listTeamUsers(db, { teamId: subject.teamId, schoolId: subject.schoolId }),
    ],
    [
      'GET /schools/{id}/students: listActiveStudentPoints',
      () => listActiveStudentPoints(db, subject.schoolId),
    ],
    [
      'GET /snapshots/weekly: weeklySnapshot',
      () => weeklySnapshot(db, { ...subject, now: new Date() }),
    ],
  ];
  const plans: QueryPlan[] = [];
  try {
    for (const [call, run] of calls) {
      recorded.length = 0;
      await run();
      for (const query of [...recorded]) {
        const result = await pool.query(`explain (analyze, buffers) ${query.sql}`, query.params);
        const plan = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
        plans.push({ call, ...query, plan });
      }
    }
  } finally {
    await pool.end();
  }
  return plans;
}
