import {
  DAY_COLOR_BOUNDS,
  DAY_COLORS,
  type DayColor,
  GRACE_DAYS,
  INSIGHT_CATEGORIES,
  insightsWindow,
  localDate,
} from '@wellbank/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { WRITES_SETTLE_MS } from '../points/closed-points.ts';

/**
 * A person's week in the figures the school insights add up (decision 0057), computed from the
 * week's `daily_summaries` rows once its days have closed and kept in `closed_weeks`, so an
 * insights read sums a row per student and week instead of decoding each day's
 * `category_cents`. The same aggregate computes the weeks not stored yet, so both give one answer.
 */

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

/**
 * Each figure of a person's week as an aggregate of its days `d`: the days logged and which
 * (bit 0 = Monday), Σ energy, the days per colour, and per category the days it was logged and
 * Σ its totals.
 */
const WEEK_FIGURES: readonly (readonly [string, SQL])[] = [
  ['days', sql`count(*)`],
  ['day_mask', sql`bit_or(1 << (extract(isodow from d.local_date)::int - 1))`],
  ['energy_cents', sql`sum(d.energy_cents)`],
  ...DAY_COLORS.map((c) => [c, sql`count(*) filter (where ${COLOR_CONDITIONS[c]})`] as const),
  ...INSIGHT_CATEGORIES.map(
    (type) => [`${type}_entries`, sql`count(d.category_cents -> ${type})`] as const,
  ),
  ...INSIGHT_CATEGORIES.map(
    (type) =>
      [`${type}_cents`, sql`coalesce(sum((d.category_cents ->> ${type})::int), 0)`] as const,
  ),
];

const WEEK_COLUMNS = ['user_id', 'school_id', 'week_start', ...WEEK_FIGURES.map(([name]) => name)];
const columnList = (prefix: string) =>
  sql.raw(WEEK_COLUMNS.map((name) => `${prefix}${name}`).join(', '));

/**
 * `days` (`daily_summaries d …`: a FROM and WHERE) per person and ISO week, in the columns of
 * `closed_weeks`.
 */
export function weeksOfDays(days: SQL): SQL {
  const figures = WEEK_FIGURES.map(
    ([name, aggregate]) => sql`${aggregate}::int as ${sql.raw(name)}`,
  );
  return sql`select d.user_id, d.school_id,
    d.local_date - (extract(isodow from d.local_date)::int - 1) as week_start,
    ${sql.join(figures, sql`, `)}
  from ${days} group by 1, 2, 3`;
}

/** The stored weeks of the school from `firstMonday` to `lastMonday`, in the same columns. */
export function storedWeeks(schoolId: number, firstMonday: string, lastMonday: string): SQL {
  return sql`select ${columnList('w.')} from closed_weeks w
  where w.school_id = ${schoolId} and w.week_start between ${firstMonday} and ${lastMonday}`;
}

/** Computes the weeks of `days` and stores them, replacing any stored before. */
async function upsertWeeks(db: Db, days: SQL, ctes?: SQL): Promise<void> {
  const replaced = sql.raw(
    WEEK_COLUMNS.slice(3)
      .map((name) => `${name} = excluded.${name}`)
      .join(', '),
  );
  await db.execute(sql`${ctes ? sql`with ${ctes} ` : sql``}insert into closed_weeks (${columnList('')})
  ${weeksOfDays(days)}
  on conflict (user_id, week_start) do update set ${replaced}`);
}

/**
 * Stores every school's weeks that closed since its `insight_weeks_through`, up to the last
 * Sunday whose week is wholly closed (the insights window's end, as the hourly job closes
 * days). Returns how many schools moved. A school's first run stores its whole history.
 */
export async function storeClosedWeeks(db: Db, now: Date): Promise<number> {
  const settled = new Date(now.getTime() - WRITES_SETTLE_MS);
  // Its stored Sunday is at least a week before its last closed day: a new week has closed.
  const due = await queryRows<{ id: number; time_zone: string; since: string }>(
    db,
    sql`select id, time_zone, insight_weeks_through::text as since from schools
    where insight_weeks_through < ((${settled.toISOString()}::timestamptz at time zone time_zone)::date
      - ${GRACE_DAYS + 1 + 6}::int)`,
  );
  for (const school of due) {
    const through = insightsWindow(localDate(settled, school.time_zone)).end;
    await db.transaction(async (tx) => {
      await upsertWeeks(
        tx,
        sql`daily_summaries d where d.school_id = ${school.id}
          and d.local_date > ${school.since}::date and d.local_date <= ${through}::date`,
      );
      await tx.execute(
        sql`update schools set insight_weeks_through = ${through}::date where id = ${school.id}`,
      );
    });
  }
  return due.length;
}

/**
 * After retention emptied the category totals of each school's days up to its `through`
 * (`reduced`: a query of school_id, through), the stored weeks that reach those days and still
 * count a category are computed again from their days. A week wholly emptied counts none and is
 * left alone from then on; the week across `through` is computed again at each run.
 */
export async function refreshReducedWeeks(db: Db, reduced: SQL): Promise<void> {
  const entries = sql.raw(INSIGHT_CATEGORIES.map((type) => `w.${type}_entries`).join(' + '));
  await upsertWeeks(
    db,
    sql`daily_summaries d join stale s on s.user_id = d.user_id
      and d.local_date between s.week_start and s.week_start + 6`,
    sql`reduced as (${reduced}), stale as (
      select w.user_id, w.week_start from closed_weeks w join reduced r on r.school_id = w.school_id
      where w.week_start <= r.through and ${entries} > 0)`,
  );
}
