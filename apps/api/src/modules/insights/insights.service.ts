import {
  DAY_COLOR_BOUNDS,
  DAY_COLORS,
  type DayColor,
  INSIGHT_CATEGORIES,
  type InsightCategory,
  type InsightCategoryRow,
  type InsightWeekRow,
  insightsWindow,
  localDate,
  type SchoolInsights,
  shapeInsights,
} from '@wellbank/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

interface Window {
  start: string;
  end: string;
}

/**
 * The school's students' day summaries in the window: a range of the (school_id, local_date)
 * index, joined to the students by primary key. Staff and family members count nowhere.
 */
const studentDays = (schoolId: number, window: Window) => sql`daily_summaries d
  join users u on u.id = d.user_id and u.school_id = ${schoolId} and u.is_student
  where d.school_id = ${schoolId} and d.local_date between ${window.start} and ${window.end}`;

const b = DAY_COLOR_BOUNDS;
/**
 * Each colour band of SPEC.md §4 as a condition on a day's energy (its balance before stress),
 * from the domain's bounds. Never the balance: no figure of the insights holds stress
 * (decision 0043).
 */
const COLOR_CONDITIONS: Record<DayColor, SQL> = {
  dark_red: sql`d.energy_cents <= ${b.darkRedAtMost}`,
  light_red: sql`d.energy_cents > ${b.darkRedAtMost} and d.energy_cents <= ${b.lightRedAtMost}`,
  yellow: sql`d.energy_cents > ${b.lightRedAtMost} and d.energy_cents < ${b.yellowBelow}`,
  light_green: sql`d.energy_cents >= ${b.yellowBelow} and d.energy_cents < ${b.lightGreenBelow}`,
  dark_green: sql`d.energy_cents >= ${b.lightGreenBelow}`,
};

type CategoryColumn = `${InsightCategory}_${'students' | 'entries' | 'cents'}`;
type WeekRow = { week_start: string; students: number; days: number; energy_cents: number } & {
  [color in DayColor]: number;
} & { [column in CategoryColumn]: number };

/**
 * Per ISO week: students, days, Σ energy, days per colour, and per category the students who
 * logged it, its entries and Σ totals. Summed per student and week first, so counting students
 * needs no DISTINCT.
 */
function weekAggregates(db: Db, schoolId: number, window: Window) {
  const perStudent = [
    ...DAY_COLORS.map((c) => sql`count(*) filter (where ${COLOR_CONDITIONS[c]}) as ${sql.raw(c)}`),
    ...INSIGHT_CATEGORIES.flatMap((type) => [
      sql`count(d.category_cents -> ${type}) as ${sql.raw(`${type}_entries`)}`,
      sql`sum((d.category_cents ->> ${type})::int) as ${sql.raw(`${type}_cents`)}`,
    ]),
  ];
  const perWeek = [
    ...DAY_COLORS.map((c) => sql`sum(${sql.raw(c)})::int as ${sql.raw(c)}`),
    ...INSIGHT_CATEGORIES.flatMap((type) => [
      sql`count(*) filter (where ${sql.raw(`${type}_entries`)} > 0)::int as ${sql.raw(`${type}_students`)}`,
      sql`coalesce(sum(${sql.raw(`${type}_entries`)}), 0)::int as ${sql.raw(`${type}_entries`)}`,
      sql`coalesce(sum(${sql.raw(`${type}_cents`)}), 0)::int as ${sql.raw(`${type}_cents`)}`,
    ]),
  ];
  return queryRows<WeekRow>(
    db,
    sql`with student_weeks as (
  select d.user_id, d.local_date - (extract(isodow from d.local_date)::int - 1) as week_start,
    count(*) as days, sum(d.energy_cents) as energy_cents, ${sql.join(perStudent, sql`, `)}
  from ${studentDays(schoolId, window)}
  group by 1, 2
)
select week_start::text as week_start, count(*)::int as students, sum(days)::int as days,
  sum(energy_cents)::int as energy_cents, ${sql.join(perWeek, sql`, `)}
from student_weeks group by week_start`,
  );
}

/** Students who logged something, per day. */
function dayAggregates(db: Db, schoolId: number, window: Window) {
  return queryRows<{ date: string; students: number }>(
    db,
    sql`select d.local_date::text as date, count(*)::int as students
from ${studentDays(schoolId, window)} group by d.local_date`,
  );
}

async function countStudents(db: Db, schoolId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from users where school_id = ${schoolId} and is_student`,
  );
  return row?.count ?? 0;
}

/**
 * Issue 16 §4: the school's participation, weekly averages and colour distribution over the last
 * four closed weeks (`insightsWindow`), aggregated in SQL and suppressed below MIN_INSIGHT_GROUP
 * by the domain.
 */
export async function schoolInsights(
  db: Db,
  options: { schoolId: number; timeZone: string; now: Date },
): Promise<SchoolInsights> {
  const today = localDate(options.now, options.timeZone);
  const window = insightsWindow(today);
  const studentCount = await countStudents(db, options.schoolId);
  const days = await dayAggregates(db, options.schoolId, window);
  const weeks = await weekAggregates(db, options.schoolId, window);
  return shapeInsights({
    today,
    studentCount,
    days,
    weeks: weeks.map(toWeekRow),
    categories: weeks.flatMap(toCategoryRows),
  });
}

function toWeekRow(row: WeekRow): InsightWeekRow {
  return {
    weekStart: row.week_start,
    students: row.students,
    days: row.days,
    energyCents: row.energy_cents,
    colors: Object.fromEntries(DAY_COLORS.map((c) => [c, row[c]])) as Record<DayColor, number>,
  };
}

function toCategoryRows(row: WeekRow): InsightCategoryRow[] {
  return INSIGHT_CATEGORIES.map((type) => ({
    weekStart: row.week_start,
    type,
    students: row[`${type}_students`],
    entries: row[`${type}_entries`],
    totalCents: row[`${type}_cents`],
  }));
}
