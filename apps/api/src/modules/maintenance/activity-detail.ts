import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { refreshReducedWeeks } from '../insights/closed-weeks.ts';

/**
 * Reduces old days to their totals (decision 0023). For each school, the days up to the end of
 * the latest interval that ended more than `detailMonths` months ago (school-local dates) lose
 * their per-activity detail: the `activities` rows (each category's total and its property
 * values: minutes, cups, counts, stress ratings), the category totals kept for the insights
 * (`daily_summaries.category_cents`, and `closed_weeks`' sums of them) and the spent piggy banks. Kept: the day's
 * `daily_summaries` row (balance, food, energy and stress totals, completeness, streak, day and
 * streak points), from which every point figure and leaderboard is computed, so none changes;
 * and unspent piggy banks, which are still the user's to spend. Only today's activities are ever
 * read or written, so no request needs what goes.
 */
export async function reduceOldActivityDetail(
  db: Db,
  now: Date,
  detailMonths: number,
): Promise<{ activities: number; piggyBanks: number }> {
  const [counts] = await queryRows<{ activities: number; piggy_banks: number }>(
    db,
    sql`with reduced_through as (${reducedThrough(now, detailMonths)}), gone_activities as (
  delete from activities a using users u, reduced_through r
  where a.user_id = u.id and u.school_id = r.school_id and a.local_date <= r.through
  returning 1
), emptied_category_totals as (
  -- Each category's day total is detail too: the insights' copy of it goes with the activities.
  update daily_summaries d set category_cents = '{}'::jsonb from users u, reduced_through r
  where d.user_id = u.id and u.school_id = r.school_id and d.local_date <= r.through
    and d.category_cents <> '{}'::jsonb
  returning 1
), gone_piggy_banks as (
  delete from piggy_banks p using users u, reduced_through r
  where p.user_id = u.id and u.school_id = r.school_id and p.spent_on <= r.through
  returning 1
)
select (select count(*)::int from gone_activities) as activities,
  (select count(*)::int from emptied_category_totals) as emptied_days,
  (select count(*)::int from gone_piggy_banks) as piggy_banks`,
  );
  // The insights' stored weeks of those days lose their category totals too.
  await refreshReducedWeeks(db, reducedThrough(now, detailMonths));
  return { activities: counts?.activities ?? 0, piggyBanks: counts?.piggy_banks ?? 0 };
}

/** Per school, the last day reduced: the end of its latest interval old enough. */
function reducedThrough(now: Date, detailMonths: number): SQL {
  return sql`select se.school_id, max(se.end_date) as through
  from semesters se join schools s on s.id = se.school_id
  where se.end_date + make_interval(months => ${detailMonths}::int)
    < (${now.toISOString()}::timestamptz at time zone s.time_zone)::date
  group by se.school_id`;
}
