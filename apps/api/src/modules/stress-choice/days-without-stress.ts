import { addDays, type KeptStreakDay, type ScoredActivity, summarizeDay } from '@wellbank/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { activities, dailySummaries, schools, teamMembers, teams, users } from '../../db/schema.ts';
import { readHolidaySet } from '../streaks/streaks.service.ts';

/**
 * A student's opt-out from the stress check-in (decision 0073): deletes every stress rating they
 * gave, rewrites their open days (after the school's `points_closed_through`) as the opted-out
 * rule counts them (docs/rules.md), then their live points and their team's by the difference.
 * The caller holds the school `for share` and the student's row `for update`
 * (`lockPersonsPoints`, decision 0042), so no write of theirs runs beside it, and teammates'
 * writes, which add to the team, commute with it.
 *
 * Closed days keep their figures, as retention keeps an old day's totals when it deletes its
 * detail (decision 0023): others have read those days' points, and rewriting them would move the
 * points by the child's stress — anyone reading before and after could subtract. Only days nobody
 * else has seen change. A day whose only activity was stress has nothing logged any more and loses
 * its summary. Each open day's streak follows the day kept before it, as a write's does.
 */
export async function rewriteDaysWithoutStress(
  tx: Db,
  student: { userId: number; schoolId: number },
): Promise<void> {
  const { userId } = student;
  const [school] = await queryRows<{ closedThrough: string }>(
    tx,
    sql`select coalesce(points_closed_through, '-infinity'::date)::text as "closedThrough"
      from ${schools} where id = ${student.schoolId}`,
  );
  const closedThrough = school?.closedThrough ?? '-infinity';
  const deleted = await tx
    .delete(activities)
    .where(and(eq(activities.userId, userId), eq(activities.activityType, 'stress')))
    .returning({ date: activities.localDate });
  const emptied = new Set(deleted.map((row) => row.date));
  const kept = await queryRows<{ date: string } & ScoredActivity>(
    tx,
    sql`select local_date::text as date, activity_type, total_cents, properties as values
      from ${activities} where user_id = ${userId} and local_date > ${closedThrough}::date`,
  );
  const byDate = new Map<string, ScoredActivity[]>();
  for (const { date, ...activity } of kept) {
    byDate.set(date, [...(byDate.get(date) ?? []), activity]);
  }
  // The last closed day leads the open ones' streak; it is not rewritten.
  const days = await queryRows<KeptStreakDay>(
    tx,
    sql`select local_date::text as date, streak_length as "streakLength", rest_days as "restDays"
    from ${dailySummaries} where user_id = ${userId}
      and local_date >= (select max(local_date) from ${dailySummaries}
        where user_id = ${userId} and local_date <= ${closedThrough}::date)
      or (user_id = ${userId} and local_date > ${closedThrough}::date)
    order by local_date`,
  );
  const first = days[0]?.date;
  const holidays = await readHolidaySet(tx, {
    schoolId: student.schoolId,
    after: first ? addDays(first, -1) : closedThrough,
    through: days.at(-1)?.date ?? closedThrough,
  });
  let lastKept: KeptStreakDay | undefined;
  for (const day of days) {
    const logged = byDate.get(day.date);
    if (day.date <= closedThrough || (!logged && !emptied.has(day.date))) {
      lastKept = day;
      continue;
    }
    const where = and(eq(dailySummaries.userId, userId), eq(dailySummaries.localDate, day.date));
    if (!logged) {
      // Nothing logged any more: the day is walked like any day without a summary.
      await tx.delete(dailySummaries).where(where);
      continue;
    }
    const summary = summarizeDay(logged, { date: day.date, lastKept, holidays }, false);
    await tx.update(dailySummaries).set(summary).where(where);
    lastKept = { date: day.date, streakLength: summary.streakLength, restDays: summary.restDays };
  }
  await recomputeOnePersonsPoints(tx, student);
}

/**
 * The student's live and closed points from their days (as `recomputeSchoolPoints` computes
 * every user's), and their team's by the change: `points ± difference`, never a sum of members,
 * so a teammate's write adding theirs at the same moment is not lost (decision 0042).
 */
async function recomputeOnePersonsPoints(
  tx: Db,
  student: { userId: number; schoolId: number },
): Promise<void> {
  const [change] = await queryRows<{ points: number; closed: number }>(
    tx,
    sql`with recomputed as (
      select coalesce(sum(d.day_points + d.streak_points), 0)::int as points,
        coalesce(sum(d.day_points + d.streak_points)
          filter (where d.local_date <= sc.points_closed_through), 0)::int as closed
      from schools sc
      join semesters s on s.school_id = sc.id and s.is_active
      join daily_summaries d on d.user_id = ${student.userId}
        and d.local_date between s.start_date and s.end_date
      where sc.id = ${student.schoolId}
    ), old as (select points, closed_points from users where id = ${student.userId})
    update ${users} u set points = recomputed.points, closed_points = recomputed.closed
    from recomputed, old where u.id = ${student.userId}
    returning recomputed.points - old.points as points,
      recomputed.closed - old.closed_points as closed`,
  );
  if (!change || (change.points === 0 && change.closed === 0)) return;
  await tx
    .update(teams)
    .set({
      points: sql`${teams.points} + ${change.points}`,
      closedPoints: sql`${teams.closedPoints} + ${change.closed}`,
    })
    .where(
      sql`${teams.id} in (select ${teamMembers.teamId} from ${teamMembers}
        where ${teamMembers.userId} = ${student.userId})`,
    );
}
