import {
  goalsReached,
  type TeamGoal,
  type TeamRankingMode,
  type TeamRankingSetting,
  teamGoalProgress,
  weekOf,
} from '@wellbank/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { schools } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';

/*
 * Team goals and kind rankings (issue 37 §2, decision 0083): computed when read from the stored
 * day summaries' `is_complete`, nothing written on the activity path. The rule (3 complete days
 * per member a Monday-to-Sunday week) is the domain's.
 */

/** This week's meter for the caller's team: its members' complete days against its goal. */
export async function readTeamGoal(db: Db, userId: number, today: string): Promise<TeamGoal> {
  const week = weekOf(today);
  const [row] = await queryRows<{ team_id: number; members: number; complete_days: number }>(
    db,
    sql`select tm.team_id,
      (select count(*)::int from team_members m where m.team_id = tm.team_id) as members,
      (select count(*)::int from daily_summaries ds
        join team_members m on m.user_id = ds.user_id
        where m.team_id = tm.team_id and ds.is_complete
          and ds.local_date between ${week.start} and ${week.end}) as complete_days
    from team_members tm where tm.user_id = ${userId}`,
  );
  if (!row) throw notFound();
  return {
    team_id: row.team_id,
    week_start: week.start,
    week_end: week.end,
    members: row.members,
    ...teamGoalProgress(row.members, row.complete_days),
  };
}

/**
 * Every team of the school with its goals reached: the Monday-to-Sunday weeks of the active
 * interval (its days up to today) whose complete days reached the team's goal, sized by the
 * team's members now. No active interval: none. One read of the school's complete days of the
 * interval (index daily_summaries (school_id, local_date)).
 */
export async function readGoalsReached(
  db: Db,
  schoolId: number,
  today: string,
): Promise<Map<number, number>> {
  const rows = await queryRows<{ team_id: number; members: number; weeks: number[] | null }>(
    db,
    sql`with interval_days as (
        select start_date, least(end_date, ${today}::date) as end_date from semesters
        where school_id = ${schoolId} and is_active),
      weeks as (
        select m.team_id, count(*)::int as days from daily_summaries ds
        join team_members m on m.user_id = ds.user_id
        join interval_days i on ds.local_date between i.start_date and i.end_date
        where ds.school_id = ${schoolId} and ds.is_complete
        group by m.team_id, date_trunc('week', ds.local_date))
    select t.id as team_id,
      (select count(*)::int from team_members m where m.team_id = t.id) as members,
      (select array_agg(w.days) from weeks w where w.team_id = t.id) as weeks
    from teams t where t.school_id = ${schoolId}`,
  );
  return new Map(rows.map((row) => [row.team_id, goalsReached(row.weeks ?? [], row.members)]));
}

export async function readTeamRankingMode(db: Db, schoolId: number): Promise<TeamRankingMode> {
  const [row] = await db
    .select({ ranking: schools.teamRanking })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row?.ranking ?? 'points';
}

/** The coordinator's choice; a save that changes nothing logs nothing. */
export async function saveTeamRankingMode(
  db: Db,
  by: AuditActor,
  ranking: TeamRankingMode,
): Promise<TeamRankingSetting> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(schools)
      .set({ teamRanking: ranking })
      .where(and(eq(schools.id, by.schoolId), ne(schools.teamRanking, ranking)))
      .returning({ id: schools.id });
    if (changed.length > 0) {
      await recordAudit(tx, {
        ...by,
        action: ranking === 'goals' ? 'team_ranking.goals' : 'team_ranking.points',
        target: { kind: 'school', id: by.schoolId },
      });
    }
    return { ranking };
  });
}
