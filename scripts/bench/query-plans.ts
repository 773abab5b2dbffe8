import { POINTS_PAGE_SIZE, type PointsListQuery } from '@wellbank/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../apps/api/src/db/schema.ts';
import { schoolInsights } from '../../apps/api/src/modules/insights/insights.service.ts';
import {
  findMyTeam,
  listTeamUsers,
} from '../../apps/api/src/modules/leaderboard/leaderboard.service.ts';
import { listPointsPage } from '../../apps/api/src/modules/school-users/points-lists.service.ts';
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
  // The student list's pages as the web app asks for them (its first request, then Show more).
  const students = { schoolId: subject.schoolId, kind: 'students' } as const;
  const firstPage: PointsListQuery = { sort: 'first_name', order: 'asc', limit: POINTS_PAGE_SIZE };
  let cursor: string | undefined; // the first page's, read before the recording starts
  const calls: [string, () => Promise<unknown>][] = [
    ['GET /teams/me: findMyTeam', () => findMyTeam(db, subject.userId)],
    [
      'GET /teams/{id}/users: listTeamUsers',
      // As a student on the team: the membership check is the common case's extra probe.
      () =>
        listTeamUsers(db, {
          teamId: subject.teamId,
          viewer: {
            id: subject.userId,
            schoolId: subject.schoolId,
            timeZone: 'America/Denver',
            roles: ['student'],
            sessionId: 0,
            paymentDue: null,
            schoolPurgeAfter: null,
          },
        }),
    ],
    [
      'GET /schools/{id}/students, first page: listPointsPage',
      () => listPointsPage(db, { ...students, query: firstPage }),
    ],
    [
      'GET /schools/{id}/students, next page: listPointsPage',
      () => listPointsPage(db, { ...students, query: { ...firstPage, cursor } }),
    ],
    [
      'GET /schools/{id}/students, by points: listPointsPage',
      () =>
        listPointsPage(db, { ...students, query: { ...firstPage, sort: 'points', order: 'desc' } }),
    ],
    [
      'GET /snapshots/weekly: weeklySnapshot',
      () => weeklySnapshot(db, { ...subject, now: new Date() }),
    ],
    [
      'GET /schools/{id}/insights: schoolInsights',
      () =>
        schoolInsights(db, {
          schoolId: subject.schoolId,
          timeZone: 'America/Denver',
          now: new Date(),
        }),
    ],
  ];
  const plans: QueryPlan[] = [];
  try {
    cursor = (await listPointsPage(db, { ...students, query: firstPage })).nextCursor;
    for (const [call, run] of calls) {
      recorded.length = 0;
      await run();
      for (const query of [...recorded]) {
        plans.push({ call, ...query, plan: await medianPlan(pool, query) });
      }
    }
  } finally {
    await pool.end();
  }
  return plans;
}

const EXPLAIN_RUNS = 5;
const executionMs = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);

/**
 * Of a few runs, the plan whose execution time is the median: one run on a shared machine can
 * land on a pause. Every statement explained here is a read, so running it again changes nothing.
 */
async function medianPlan(pool: pg.Pool, query: { sql: string; params: unknown[] }) {
  const plans: string[] = [];
  for (let run = 0; run < EXPLAIN_RUNS; run++) {
    const result = await pool.query(`explain (analyze, buffers) ${query.sql}`, query.params);
    plans.push(result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
  }
  plans.sort((a, b) => executionMs(a) - executionMs(b));
  return plans[Math.floor(plans.length / 2)] ?? '';
}
