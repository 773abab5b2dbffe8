import { centsToDollars, type WeeklySnapshot } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { queryRows } from '../../apps/api/src/db/query-rows.ts';
import { weeklySnapshot } from '../../apps/api/src/modules/snapshots/snapshots.service.ts';
import { pgArray } from './pg-array.ts';
import type { SeededSchool } from './seed-schools.ts';

/**
 * Every user's figures of last week (DESIGN.md §1.4) in one statement: each school's previous
 * Monday–Sunday in its own time zone, colour counts with the dashboard thresholds (colors.ts),
 * days banked and weekly balance. `materialized`: each school's week is computed once, and
 * then read from the (school_id, local_date) index, not compared row by row.
 */
const WEEKLY_FIGURES_SQL = sql`with weeks as materialized (
    select id as school_id,
      date_trunc('week', (now() at time zone time_zone)::date)::date - 7 as week_start
    from schools)
  select d.user_id,
    count(*) filter (where d.balance_cents <= -250)::int as balance_dark_red,
    count(*) filter (where d.balance_cents > -250 and d.balance_cents <= -100)::int as balance_light_red,
    count(*) filter (where d.balance_cents > -100 and d.balance_cents < 100)::int as balance_yellow,
    count(*) filter (where d.balance_cents >= 100 and d.balance_cents < 250)::int as balance_light_green,
    count(*) filter (where d.balance_cents >= 250)::int as balance_dark_green,
    count(*) filter (where d.food_cents <= -250)::int as food_dark_red,
    count(*) filter (where d.food_cents > -250 and d.food_cents <= -100)::int as food_light_red,
    count(*) filter (where d.food_cents > -100 and d.food_cents < 100)::int as food_yellow,
    count(*) filter (where d.food_cents >= 100 and d.food_cents < 250)::int as food_light_green,
    count(*) filter (where d.food_cents >= 250)::int as food_dark_green,
    count(*)::int as days_banked,
    sum(d.balance_cents)::int as weekly_balance_cents
  from weeks w
  join daily_summaries d on d.school_id = w.school_id
    and d.local_date between w.week_start and w.week_start + 6
  group by d.user_id`;

interface WeeklyRow {
  user_id: number;
  balance_dark_red: number;
  balance_light_red: number;
  balance_yellow: number;
  balance_light_green: number;
  balance_dark_green: number;
  food_dark_red: number;
  food_light_red: number;
  food_yellow: number;
  food_light_green: number;
  food_dark_green: number;
  days_banked: number;
  weekly_balance_cents: number;
}

export interface WeeklyFigures {
  statementMs: number;
  statementPlan: string;
  statementUsers: number;
  serviceUsers: number;
  serviceMs: number;
  /** Users whose service snapshot differs from the statement's figures (should be 0). */
  mismatches: number;
}

const SERVICE_CONCURRENCY = 10; // the app's pool size

export async function measureWeeklyFigures(
  db: Db,
  options: { schools: readonly SeededSchool[]; serviceUsers: number },
): Promise<WeeklyFigures> {
  let started = performance.now();
  const rows = await queryRows<WeeklyRow>(db, WEEKLY_FIGURES_SQL);
  const statementMs = performance.now() - started;
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  const explained = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, buffers) ${WEEKLY_FIGURES_SQL}`,
  );
  const statementPlan = explained.map((row) => row['QUERY PLAN']).join('\n');

  const users = await queryRows<{ id: number; school_id: number }>(
    db,
    sql`select id, school_id from users
      where school_id = any(${pgArray(options.schools.map((s) => s.id))}::int[])
      order by id limit ${options.serviceUsers}`,
  );
  let mismatches = 0;
  let next = 0;
  const now = new Date();
  started = performance.now();
  const worker = async () => {
    for (let user = users[next++]; user; user = users[next++]) {
      const snapshot = await weeklySnapshot(db, { userId: user.id, schoolId: user.school_id, now });
      if (!sameFigures(snapshot, byUser.get(user.id))) mismatches += 1;
    }
  };
  await Promise.all(Array.from({ length: SERVICE_CONCURRENCY }, worker));
  return {
    statementMs,
    statementPlan,
    statementUsers: rows.length,
    serviceUsers: users.length,
    serviceMs: performance.now() - started,
    mismatches,
  };
}

function sameFigures(snapshot: WeeklySnapshot, row: WeeklyRow | undefined): boolean {
  if (!row) return snapshot.days_banked === 0;
  const balance = snapshot.daily_balance_color_count;
  const food = snapshot.daily_food_color_count;
  return (
    snapshot.days_banked === row.days_banked &&
    snapshot.weekly_balance === centsToDollars(row.weekly_balance_cents) &&
    balance.dark_red === row.balance_dark_red &&
    balance.light_red === row.balance_light_red &&
    balance.yellow === row.balance_yellow &&
    balance.light_green === row.balance_light_green &&
    balance.dark_green === row.balance_dark_green &&
    food.dark_red === row.food_dark_red &&
    food.light_red === row.food_light_red &&
    food.yellow === row.food_yellow &&
    food.light_green === row.food_light_green &&
    food.dark_green === row.food_dark_green
  );
}
