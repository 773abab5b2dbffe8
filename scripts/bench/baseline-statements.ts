import { summarizeDay } from '@wellbank/domain';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { statementName } from '../../apps/api/src/db/prepared.ts';
import { DAY_STATEMENTS } from '../../apps/api/src/modules/activities/day-statements.ts';

/**
 * The SQL the app sends for `GET /api/v1/activities` and `PUT /api/v1/activities/{type}`: the
 * reads copied from what Drizzle's query builder generates for auth/sessions.ts and
 * activities.service.ts, the write path rendered from the app's own `sql` templates
 * (activities/day-statements.ts). The baseline server runs them; mirror-check.ts fails the bench
 * when the app sends anything else.
 */
const session = `select "auth_sessions"."id", "auth_sessions"."last_used_at", "users"."id", "users"."school_id", "schools"."time_zone", coalesce((
        select array_agg("user_roles"."role"::text order by "user_roles"."role")
        from "user_roles" where "user_roles"."user_id" = "users"."id"), '{}'), exists(
    select 1 from "payments" p
    where p.school_id = "users"."school_id" and p.kind = 'subscription'), exists(
    select 1 from "payments" p
    join "team_members" tm on tm.user_id = p.user_id and tm.team_id = p.team_id
    where p.school_id = "users"."school_id" and p.kind = 'donation' and p.user_id = "users"."id") from "auth_sessions" inner join "users" on "users"."id" = "auth_sessions"."user_id" inner join "schools" on "schools"."id" = "users"."school_id" where "auth_sessions"."token_hash" = $1`;
const revoke = `delete from "auth_sessions" where "auth_sessions"."id" = $1`;
const touch = `update "auth_sessions" set "last_used_at" = $1 where ("auth_sessions"."id" = $2 and "auth_sessions"."last_used_at" < $3)`;
const todaysActivities = `select "activity_type", "total_cents", "properties" from "activities" where ("activities"."user_id" = $1 and "activities"."local_date" = $2) order by "activities"."activity_type" asc`;
export const STATEMENTS = { session, revoke, touch, todaysActivities };

const dialect = new PgDialect();

/**
 * One of the app's `sql` templates for bare `pg`: its text and positional values, and the name the
 * app prepares it under (db/prepared.ts `queryPreparedSql`).
 */
export function render(statement: SQL): { name: string; text: string; values: unknown[] } {
  const query = dialect.sqlToQuery(statement);
  return { name: statementName(query.sql), text: query.sql, values: query.params };
}

/**
 * The texts of the write statements the baseline runs: the app's own DAY_STATEMENTS, rendered
 * (their text does not depend on the values, only on whether the activity is fitness).
 */
export function writeStatementTexts(): string[] {
  const now = new Date();
  const key = { userId: 1, today: '2026-01-02' };
  const write = (type: 'water' | 'fitness') =>
    DAY_STATEMENTS.writeActivityAndReadDay({
      ...key,
      type,
      values: {},
      totalCents: 0,
      yesterday: '2026-01-01',
      now,
    });
  const summary = {
    ...key,
    schoolId: 1,
    summary: summarizeDay([], undefined),
    pointsChange: 0,
    now,
  };
  return [
    DAY_STATEMENTS.lockUser(1),
    write('water'),
    write('fitness'),
    DAY_STATEMENTS.earnPiggyBank(key),
    DAY_STATEMENTS.dropEarnedPiggyBank(key),
    DAY_STATEMENTS.saveDaySummary(summary),
  ].map((statement) => render(statement).text);
}
