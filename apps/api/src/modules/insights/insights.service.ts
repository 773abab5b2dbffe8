import {
  addDays,
  DAY_COLORS,
  type DayColor,
  INSIGHT_CATEGORIES,
  type InsightCategory,
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
import { storedWeeks, weeksOfDays } from './closed-weeks.ts';

type Window = ReturnType<typeof insightsWindow>;

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

type CategoryColumn = `${InsightCategory}_${'students' | 'entries' | 'cents'}`;
type WeekRow = { week_start: string; students: number; days: number; energy_cents: number } & {
  [color in DayColor]: number;
} & { [column in CategoryColumn]: number } & {
  [weekday in `day_${(typeof WEEKDAYS)[number]}`]: number;
};

/**
 * The school's students' weeks in the window: those stored in `closed_weeks` (through
 * `weeksThrough`) and the rest computed from their days by the same aggregate (decision 0057).
 */
function studentWeeks(schoolId: number, window: Window, weeksThrough: string): SQL {
  const stored = window.weeks.filter((week) => week.end <= weeksThrough);
  const computed = window.weeks.filter((week) => week.end > weeksThrough);
  const parts: SQL[] = [];
  const [firstStored, lastStored] = [stored[0], stored.at(-1)];
  if (firstStored && lastStored) {
    parts.push(storedWeeks(schoolId, firstStored.start, lastStored.start));
  }
  const [firstComputed, lastComputed] = [computed[0], computed.at(-1)];
  if (firstComputed && lastComputed) {
    parts.push(
      weeksOfDays(sql`daily_summaries d where d.school_id = ${schoolId}
        and d.local_date between ${firstComputed.start} and ${lastComputed.end}`),
    );
  }
  return sql.join(parts, sql` union all `);
}

/**
 * Per ISO week of the school's students (staff and family members count nowhere): students,
 * days, Σ energy, days per colour, per category the students who logged it, its entries and
 * Σ totals, and per weekday the students who logged that day.
 */
function weekAggregates(db: Db, schoolId: number, window: Window, weeksThrough: string) {
  const figures = [
    ...DAY_COLORS.map((c) => sql.raw(`sum(w.${c})::int as ${c}`)),
    ...INSIGHT_CATEGORIES.flatMap((type) => [
      sql.raw(`count(*) filter (where w.${type}_entries > 0)::int as ${type}_students`),
      sql.raw(`sum(w.${type}_entries)::int as ${type}_entries`),
      sql.raw(`sum(w.${type}_cents)::int as ${type}_cents`),
    ]),
    ...WEEKDAYS.map((day) =>
      sql.raw(`count(*) filter (where w.day_mask & ${1 << day} <> 0)::int as day_${day}`),
    ),
  ];
  return queryRows<WeekRow>(
    db,
    sql`with student_weeks as (${studentWeeks(schoolId, window, weeksThrough)})
select w.week_start::text as week_start, count(*)::int as students, sum(w.days)::int as days,
  sum(w.energy_cents)::int as energy_cents, ${sql.join(figures, sql`, `)}
from student_weeks w join users u on u.id = w.user_id and u.school_id = ${schoolId} and u.is_student
group by w.week_start`,
  );
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
  const [school] = await queryRows<{ students: number; weeks_through: string }>(
    db,
    sql`select insight_weeks_through::text as weeks_through, (select count(*)::int from users
      where school_id = ${options.schoolId} and is_student) as students
    from schools where id = ${options.schoolId}`,
  );
  if (!school) throw new Error(`school ${options.schoolId} not found`);
  const weeks = await weekAggregates(db, options.schoolId, window, school.weeks_through);
  return shapeInsights({
    today,
    studentCount: school.students,
    days: weeks.flatMap(toDayRows),
    weeks: weeks.map(toWeekRow),
    categories: weeks.flatMap(toCategoryRows),
  });
}

/** The week's days on which someone logged, with how many students did. */
function toDayRows(row: WeekRow): InsightDayRow[] {
  return WEEKDAYS.map((day) => ({
    date: addDays(row.week_start, day),
    students: row[`day_${day}`],
  })).filter((day) => day.students > 0);
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
