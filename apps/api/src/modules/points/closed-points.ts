import { GRACE_DAYS, lastClosedDay, localDate } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/**
 * Points as everyone but their owner sees them (decision 0043): `users.closed_points` counts the
 * active interval's days up to the school's last closed day (`schools.points_closed_through`),
 * days nobody can change any more, and `teams.closed_points` is the sum of its members'. A rating
 * of today's or yesterday's stress moves `users.points` (the child's own, live figure) and
 * nothing another person reads; the day's points reach the others' figures only when the day has
 * closed, all the school's students' days at once.
 *
 * The activity write never touches these columns: it only writes days still open. They move here,
 * once a day per school (the hourly maintenance job), and with `users.points` when the active
 * interval changes (`recomputeSchoolPoints`).
 */

/**
 * How long after a school's midnight its day is taken as closed: a write that was checked just
 * before midnight (yesterday was still open) has committed by then, so no closing misses it.
 */
export const WRITES_SETTLE_MS = 5 * 60 * 1000;

/** Brings every school whose last closed day has moved up to date; returns how many moved. */
export async function closeFinishedDays(db: Db, now: Date): Promise<number> {
  const settled = new Date(now.getTime() - WRITES_SETTLE_MS);
  const due = await queryRows<{ id: number; time_zone: string }>(
    db,
    sql`select id, time_zone from schools where points_closed_through < (
      (${settled.toISOString()}::timestamptz at time zone time_zone)::date - ${GRACE_DAYS + 1}::int)`,
  );
  for (const school of due) {
    await db.transaction((tx) =>
      closeSchoolDays(tx, school.id, lastClosedDay(localDate(settled, school.time_zone))),
    );
  }
  return due.length;
}

/**
 * Adds the points of the school's days after its last closed day up to `through` to its users'
 * and teams' closed points. The school's row is locked (as an interval toggle locks it), so a
 * repeated run adds nothing twice.
 */
async function closeSchoolDays(db: Db, schoolId: number, through: string): Promise<void> {
  const [school] = await queryRows<{ since: string }>(
    db,
    sql`select points_closed_through::text as since from schools where id = ${schoolId} for update`,
  );
  if (!school || school.since >= through) return;
  await db.execute(sql`update users u set closed_points = u.closed_points + closing.points
    from (
      select d.user_id, sum(d.day_points + d.streak_points)::int as points
      from daily_summaries d
      join semesters s on s.school_id = d.school_id and s.is_active
        and d.local_date between s.start_date and s.end_date
      where d.school_id = ${schoolId}
        and d.local_date > ${school.since}::date and d.local_date <= ${through}::date
      group by d.user_id
    ) closing
    where u.id = closing.user_id`);
  await sumTeamsClosedPoints(db, schoolId);
  await db.execute(
    sql`update schools set points_closed_through = ${through}::date where id = ${schoolId}`,
  );
}

/** The school's closed points from its days, for when the active interval (or its dates) changed. */
export async function recomputeClosedPoints(db: Db, schoolId: number): Promise<void> {
  await db.execute(sql`update users u set closed_points = coalesce((
      select sum(d.day_points + d.streak_points)
      from daily_summaries d
      join schools sc on sc.id = u.school_id
      join semesters s on s.school_id = u.school_id and s.is_active
        and d.local_date between s.start_date and s.end_date
      where d.user_id = u.id and d.local_date <= sc.points_closed_through), 0)
    where u.school_id = ${schoolId}`);
  await sumTeamsClosedPoints(db, schoolId);
}

async function sumTeamsClosedPoints(db: Db, schoolId: number): Promise<void> {
  await db.execute(sql`update teams t set closed_points = coalesce((
      select sum(u.closed_points) from team_members tm join users u on u.id = tm.user_id
      where tm.team_id = t.id), 0)
    where t.school_id = ${schoolId}`);
}
