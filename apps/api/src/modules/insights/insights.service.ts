import {
  DAY_COLOR_BOUNDS,
  type InsightCategoryRow,
  type InsightDayRow,
  type InsightWeekRow,
  insightsWindow,
  localDate,
  type SchoolInsights,
  shapeInsights,
} from '@wellbank/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** The Monday of a row's `local_date`, in SQL (ISO weeks: Monday is 1). */
const weekStart = (column: SQL) => sql`(${column} - (extract(isodow from ${column})::int - 1))`;

/** The school's current students: the insights count nobody else (staff, family). */
const studentsOf = (schoolId: number) => sql`u.school_id = ${schoolId} and u.is_student`;

interface SummaryRow {
  kind: 'day' | 'week';
  key: string;
  students: number;
  days: number;
  balance_cents: number;
  dark_red: number;
  light_red: number;
  yellow: number;
  light_green: number;
  dark_green: number;
}

/**
 * Per day (students who logged) and per week (students, days, Σ balances, days per colour) of the
 * school's students' day summaries in the window: one pass over the (school_id, local_date) range.
 */
function summaryAggregates(db: Db, schoolId: number, window: { start: string; end: string }) {
  const b = DAY_COLOR_BOUNDS;
  return queryRows<SummaryRow>(
    db,
    sql`with days as (
  select d.user_id, d.local_date, d.balance_cents
  from daily_summaries d join users u on u.id = d.user_id
  where d.school_id = ${schoolId} and ${studentsOf(schoolId)}
    and d.local_date between ${window.start} and ${window.end}
)
select 'day' as kind, local_date::text as key, count(*)::int as students, 0 as days,
  0 as balance_cents, 0 as dark_red, 0 as light_red, 0 as yellow, 0 as light_green, 0 as dark_green
from days group by local_date
union all
select 'week', ${weekStart(sql`local_date`)}::text, count(distinct user_id)::int, count(*)::int,
  sum(balance_cents)::int,
  count(*) filter (where balance_cents <= ${b.darkRedAtMost})::int,
  count(*) filter (where balance_cents > ${b.darkRedAtMost} and balance_cents <= ${b.lightRedAtMost})::int,
  count(*) filter (where balance_cents > ${b.lightRedAtMost} and balance_cents < ${b.yellowBelow})::int,
  count(*) filter (where balance_cents >= ${b.yellowBelow} and balance_cents < ${b.lightGreenBelow})::int,
  count(*) filter (where balance_cents >= ${b.lightGreenBelow})::int
from days group by 2`,
  );
}

interface CategoryRow {
  week_start: string;
  type: InsightCategoryRow['type'];
  students: number;
  entries: number;
  total_cents: number;
}

/** Per week and category (never stress): students, entries and Σ of their totals. */
function categoryAggregates(db: Db, schoolId: number, window: { start: string; end: string }) {
  return queryRows<CategoryRow>(
    db,
    sql`select ${weekStart(sql`a.local_date`)}::text as week_start, a.activity_type::text as type,
  count(distinct a.user_id)::int as students, count(*)::int as entries,
  sum(a.total_cents)::int as total_cents
from activities a join users u on u.id = a.user_id
where ${studentsOf(schoolId)} and a.activity_type <> 'stress'
  and a.local_date between ${window.start} and ${window.end}
group by 1, 2`,
  );
}

async function countStudents(db: Db, schoolId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from users u where ${studentsOf(schoolId)}`,
  );
  return row?.count ?? 0;
}

/**
 * Issue 16 §4: the school's participation, weekly averages and colour distribution over the last
 * 30 school-local days, aggregated in SQL and suppressed below MIN_INSIGHT_GROUP by the domain.
 */
export async function schoolInsights(
  db: Db,
  options: { schoolId: number; timeZone: string; now: Date },
): Promise<SchoolInsights> {
  const today = localDate(options.now, options.timeZone);
  const window = insightsWindow(today);
  const studentCount = await countStudents(db, options.schoolId);
  const summaries = await summaryAggregates(db, options.schoolId, window);
  const categories = await categoryAggregates(db, options.schoolId, window);
  const days: InsightDayRow[] = [];
  const weeks: InsightWeekRow[] = [];
  for (const row of summaries) {
    if (row.kind === 'day') days.push({ date: row.key, students: row.students });
    else weeks.push(toWeekRow(row));
  }
  return shapeInsights({
    today,
    studentCount,
    days,
    weeks,
    categories: categories.map((row) => ({
      weekStart: row.week_start,
      type: row.type,
      students: row.students,
      entries: row.entries,
      totalCents: row.total_cents,
    })),
  });
}

function toWeekRow(row: SummaryRow): InsightWeekRow {
  const { dark_red, light_red, yellow, light_green, dark_green } = row;
  return {
    weekStart: row.key,
    students: row.students,
    days: row.days,
    balanceCents: row.balance_cents,
    colors: { dark_red, light_red, yellow, light_green, dark_green },
  };
}
