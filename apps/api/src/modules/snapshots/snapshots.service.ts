import {
  addDays,
  centsToDollars,
  countColors,
  type DailyBalance,
  dayBeforeStress,
  localDate,
  previousWeek,
  type WeeklySnapshot,
} from '@wellbank/domain';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailySummaries, schools, semesters } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

interface Caller {
  userId: number;
  schoolId: number;
  now: Date;
  /** A guardian's read (decision 0079): every day's figures before stress. */
  beforeStress?: boolean;
}

/**
 * The school's time zone and the caller's sums over the active interval, in one statement:
 * a range scan of the daily_summaries primary key (user_id, local_date).
 */
async function loadSchoolAndInterval(db: Db, { userId, schoolId }: Caller) {
  const [row] = await db
    .select({
      timeZone: schools.timeZone,
      startDate: semesters.startDate,
      endDate: semesters.endDate,
      pointsNeeded: semesters.pointsNeeded,
      dayPoints: sql<number>`coalesce((select sum(${dailySummaries.dayPoints})::int
        from ${dailySummaries} where ${dailySummaries.userId} = ${userId}
        and ${dailySummaries.localDate} between ${semesters.startDate} and ${semesters.endDate}), 0)`,
      streakPoints: sql<number>`coalesce((select sum(${dailySummaries.streakPoints})::int
        from ${dailySummaries} where ${dailySummaries.userId} = ${userId}
        and ${dailySummaries.localDate} between ${semesters.startDate} and ${semesters.endDate}), 0)`,
    })
    .from(schools)
    .leftJoin(semesters, and(eq(semesters.schoolId, schools.id), eq(semesters.isActive, true)))
    .where(eq(schools.id, schoolId));
  if (!row) throw notFound();
  return row;
}

/** The caller's stored days from `start` to `end`, before stress for a guardian's read. */
async function summariesBetween(db: Db, caller: Caller, start: string, end: string) {
  const rows = await db
    .select({
      date: dailySummaries.localDate,
      balanceCents: dailySummaries.balanceCents,
      energyCents: dailySummaries.energyCents,
      foodCents: dailySummaries.foodCents,
      dayPoints: dailySummaries.dayPoints,
      streakPoints: dailySummaries.streakPoints,
    })
    .from(dailySummaries)
    .where(
      and(eq(dailySummaries.userId, caller.userId), between(dailySummaries.localDate, start, end)),
    )
    .orderBy(asc(dailySummaries.localDate));
  return caller.beforeStress ? rows.map(dayBeforeStress) : rows;
}

/** The interval's day and streak points: the stored sums, or each day's before stress. */
async function intervalPoints(
  db: Db,
  caller: Caller,
  school: Awaited<ReturnType<typeof loadSchoolAndInterval>>,
) {
  if (!caller.beforeStress || !school.startDate || !school.endDate) {
    return { dayPoints: school.dayPoints, streakPoints: school.streakPoints };
  }
  const days = await summariesBetween(db, caller, school.startDate, school.endDate);
  return {
    dayPoints: days.reduce((sum, day) => sum + day.dayPoints, 0),
    streakPoints: days.reduce((sum, day) => sum + day.streakPoints, 0),
  };
}

/** DESIGN.md §1.4: the previous Monday–Sunday week in the school's time zone. */
export async function weeklySnapshot(db: Db, caller: Caller): Promise<WeeklySnapshot> {
  const school = await loadSchoolAndInterval(db, caller);
  const week = previousWeek(localDate(caller.now, school.timeZone));
  const days = await summariesBetween(db, caller, week.start, week.end);
  const points = await intervalPoints(db, caller, school);
  return {
    semester:
      school.startDate && school.endDate && school.pointsNeeded !== null
        ? {
            start_date: school.startDate,
            end_date: school.endDate,
            points_needed: school.pointsNeeded,
          }
        : null,
    semester_user_points: points.dayPoints,
    semester_streak_points: points.streakPoints,
    daily_balance_color_count: countColors(days.map((d) => d.balanceCents)),
    daily_food_color_count: countColors(days.map((d) => d.foodCents)),
    days_banked: days.length,
    weekly_balance: centsToDollars(days.reduce((sum, d) => sum + d.balanceCents, 0)),
  };
}

/** The caller's balances of the last `days` school-local days (today included) with a summary. */
export async function dailyBalances(
  db: Db,
  caller: Caller & { days: number },
): Promise<DailyBalance[]> {
  const [school] = await db
    .select({ timeZone: schools.timeZone })
    .from(schools)
    .where(eq(schools.id, caller.schoolId));
  if (!school) throw notFound();
  const today = localDate(caller.now, school.timeZone);
  const rows = await summariesBetween(db, caller, addDays(today, 1 - caller.days), today);
  return rows.map((row) => ({ date: row.date, balance: centsToDollars(row.balanceCents) }));
}
