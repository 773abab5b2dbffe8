import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailySummaries, semesters, teamMembers, teams, users } from '../../db/schema.ts';
import { recomputeClosedPoints } from './closed-points.ts';
import { lockSchoolPoints } from './point-locks.ts';

/**
 * `users.points` holds each user's points in their school's active interval (DESIGN.md §1.4) and
 * `teams.points` the sum of its members'. Activity writes add their change of day + streak points
 * to both; this recomputes the whole school, for when the active interval (or its dates) changes.
 * It locks the school first (point-locks.ts), so that no activity write runs beside it: run it in
 * a transaction.
 */
export async function recomputeSchoolPoints(db: Db, schoolId: number): Promise<void> {
  await lockSchoolPoints(db, schoolId);
  await db.execute(sql`
    update ${users} set points = coalesce((
      select sum(${dailySummaries.dayPoints} + ${dailySummaries.streakPoints})
      from ${dailySummaries}
      join ${semesters} on ${semesters.schoolId} = ${users.schoolId} and ${semesters.isActive}
        and ${dailySummaries.localDate} between ${semesters.startDate} and ${semesters.endDate}
      where ${dailySummaries.userId} = ${users.id}), 0)
    where ${users.schoolId} = ${schoolId}`);
  await recomputeTeamPoints(db, schoolId);
  await recomputeClosedPoints(db, schoolId);
}

/** Sets every team of the school to the sum of its members' `users.points` (and closed points). */
export async function recomputeTeamPoints(db: Db, schoolId: number): Promise<void> {
  await db.execute(sql`
    update ${teams} set (points, closed_points) = (
      select coalesce(sum(${users.points}), 0), coalesce(sum(${users.closedPoints}), 0)
      from ${teamMembers}
      join ${users} on ${users.id} = ${teamMembers.userId}
      where ${teamMembers.teamId} = ${teams.id})
    where ${teams.schoolId} = ${schoolId}`);
}
