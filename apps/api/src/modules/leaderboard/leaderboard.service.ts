import {
  competitionRanks,
  type MyTeam,
  type RankedTeam,
  seesKindRanking,
  TEAM_RANKING_TOP,
  type TeamRanking,
  type TeamUserEntry,
} from '@wellbank/domain';
import { and, desc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { schools, teamMembers, teams, users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import type { AuthUser } from '../auth/sessions.ts';
import { readGoalsReached, readTeamRankingMode } from './team-goals.service.ts';

/** A reader of the rankings: who they are (their roles) and their school's today. */
export interface RankingViewer {
  user: Pick<AuthUser, 'id' | 'schoolId' | 'roles'>;
  today: string;
}

/**
 * Whether the viewer sees the kind ranking (decision 0083): a student or family member of a
 * school set to rank teams by goals reached. Staff and coordinators always see points.
 */
async function ranksByGoals(db: Db, viewer: RankingViewer['user']): Promise<boolean> {
  if (!seesKindRanking(viewer.roles)) return false;
  return (await readTeamRankingMode(db, viewer.schoolId)) === 'goals';
}

interface MyTeamRow {
  id: number;
  name: string;
  school_id: number;
  school_name: string;
  num_team_users: number;
  points: number;
  rank: number;
  num_teams: number;
  is_captain: boolean;
}

/**
 * The caller's team with its points, rank and the school's team count, in one statement
 * (DESIGN.md §1.5; the plan is in docs/performance.md). Team points are the maintained
 * `teams.closed_points` (Σ members' points as of the school's closed days: a team's figure moves
 * with no one member's rating of today's stress, decision 0043); rank = 1 + teams of the school
 * with more points, so ties share a rank. Both counts are range scans of the index
 * teams (school_id, closed_points).
 */
export async function findMyTeam(db: Db, userId: number): Promise<MyTeam> {
  const team = await findMyTeamIfAny(db, userId);
  if (!team) throw notFound();
  return team;
}

/** findMyTeam as the viewer sees it: by goals reached when the school's setting says so. */
export async function findMyTeamFor(db: Db, viewer: RankingViewer): Promise<MyTeam> {
  const team = await findMyTeam(db, viewer.user.id);
  if (!(await ranksByGoals(db, viewer.user))) return team;
  const goals = await readGoalsReached(db, team.school.id, viewer.today);
  const own = goals.get(team.id) ?? 0;
  const above = [...goals.values()].filter((reached) => reached > own).length;
  return { ...team, points: null, ranked_by: 'goals', goals_reached: own, rank: 1 + above };
}

/** findMyTeam, or undefined for someone on no team. */
export async function findMyTeamIfAny(db: Db, userId: number): Promise<MyTeam | undefined> {
  const [row] = await queryRows<MyTeamRow>(
    db,
    sql`
    select t.id, t.name, s.id as school_id, s.name as school_name, t.closed_points as points,
      coalesce(t.captain_user_id = ${userId}, false) as is_captain,
      (select count(*)::int from ${teamMembers} where team_id = t.id) as num_team_users,
      1 + (select count(*)::int from ${teams} o
        where o.school_id = t.school_id and o.closed_points > t.closed_points) as rank,
      (select count(*)::int from ${teams} o where o.school_id = t.school_id) as num_teams
    from ${teamMembers} tm
    join ${teams} t on t.id = tm.team_id
    join ${schools} s on s.id = t.school_id
    where tm.user_id = ${userId}`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    school: { id: row.school_id, name: row.school_name },
    num_team_users: row.num_team_users,
    rank: row.rank,
    num_teams: row.num_teams,
    points: row.points,
    ranked_by: 'points',
    goals_reached: null,
    is_captain: row.is_captain,
  };
}

/**
 * The members of a team for its viewer (`listTeamUsers`), 404 when they may not see it; staff
 * reading another team is a view of students' data, logged in the activity log (decision 0025).
 */
export async function viewTeamUsers(
  db: Db,
  actor: AuditActor,
  options: { teamId: number; viewer: AuthUser },
): Promise<TeamUserEntry[]> {
  const team = await listTeamUsers(db, options);
  if (!team) throw notFound();
  if (!team.viewerIsMember) {
    const target = { kind: 'team', id: options.teamId } as const;
    await recordAudit(db, { ...actor, action: 'view.team_members', target });
  }
  return team.entries;
}

/**
 * The team's members by points, highest first ("My Team Leaderboard": students' names). Only for
 * the team's own members and the staff and admins of its school; for anyone else, as for another
 * school's team, undefined (404), so the names of a school's students do not leak to whoever
 * joined some other team. `viewerIsMember` is false only for staff reading another team: a view
 * of students' data that the activity log records.
 */
export async function listTeamUsers(
  db: Db,
  options: { teamId: number; viewer: AuthUser },
): Promise<{ entries: TeamUserEntry[]; viewerIsMember: boolean } | undefined> {
  const { teamId, viewer } = options;
  const isSchoolStaff = viewer.roles.includes('staff') || viewer.roles.includes('admin');
  const isMember = exists(
    db
      .select({ one: sql`1` })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, viewer.id))),
  );
  const [team] = await db
    .select({ id: teams.id, viewerIsMember: sql<boolean>`${isMember}` })
    .from(teams)
    .where(
      and(
        eq(teams.id, teamId),
        eq(teams.schoolId, viewer.schoolId),
        isSchoolStaff ? undefined : isMember,
      ),
    );
  if (!team) return undefined;
  if (await ranksByGoals(db, viewer)) {
    // The kind ranking (decision 0083): the team's members by name, nobody ranked by points.
    const rows = await db
      .select({ id: users.id, first_name: users.firstName, last_name: users.lastName })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, team.id))
      .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, users.id);
    const entries = rows.map((user) => ({ user: { ...user, points: null } }));
    return { entries, viewerIsMember: team.viewerIsMember };
  }
  // The viewer's own points live, everyone else's as of the closed days (decision 0043).
  const shownPoints = sql<number>`case when ${users.id} = ${viewer.id} then ${users.points}
    else ${users.closedPoints} end`;
  const rows = await db
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      points: shownPoints,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, team.id))
    .orderBy(desc(shownPoints), sql`lower(${users.firstName})`, users.id);
  return { entries: rows.map((user) => ({ user })), viewerIsMember: team.viewerIsMember };
}

/**
 * The school's teams by points (issue #16 §5): the top TEAM_RANKING_TOP, equal points by name and
 * id, and the caller's own team with its rank, wherever it stands. Ranks follow findMyTeam's rule
 * (1 + teams of the school with more points; ties share a rank), each a range scan of the index
 * teams (school_id, points).
 */
export async function readTeamRanking(
  db: Db,
  options: { schoolId: number; viewer: RankingViewer },
): Promise<TeamRanking> {
  if (await ranksByGoals(db, options.viewer.user)) return readGoalsRanking(db, options);
  const userId = options.viewer.user.id;
  const [top, own] = await Promise.all([
    queryRows<Omit<RankedTeam, 'goals_reached'>>(
      db,
      sql`select t.id, t.name, t.closed_points as points,
        1 + (select count(*)::int from ${teams} o
          where o.school_id = t.school_id and o.closed_points > t.closed_points) as rank
      from ${teams} t where t.school_id = ${options.schoolId}
      order by t.closed_points desc, lower(t.name), t.id
      limit ${TEAM_RANKING_TOP}`,
    ),
    findMyTeamIfAny(db, userId),
  ]);
  const ownInSchool = own && own.school.id === options.schoolId ? own : undefined;
  return {
    num_teams: ownInSchool?.num_teams ?? (await countTeams(db, options.schoolId)),
    ranked_by: 'points',
    teams: top.map((team) => ({ ...team, goals_reached: null })),
    own_team: ownInSchool
      ? {
          id: ownInSchool.id,
          name: ownInSchool.name,
          points: ownInSchool.points,
          goals_reached: null,
          rank: ownInSchool.rank,
        }
      : null,
  };
}

/**
 * The kind ranking (decision 0083): the school's teams by goals reached, equal ones by name and
 * id, ties sharing a rank; the top TEAM_RANKING_TOP and the caller's own team. No points.
 */
async function readGoalsRanking(
  db: Db,
  options: { schoolId: number; viewer: RankingViewer },
): Promise<TeamRanking> {
  const { schoolId, viewer } = options;
  const [goals, names, own] = await Promise.all([
    readGoalsReached(db, schoolId, viewer.today),
    queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from ${teams} where school_id = ${schoolId}
        order by lower(name), id`,
    ),
    findMyTeamIfAny(db, viewer.user.id),
  ]);
  const ordered = names
    .map((team) => ({ ...team, goals_reached: goals.get(team.id) ?? 0 }))
    // Stable: equal goals keep the names' order.
    .sort((a, b) => b.goals_reached - a.goals_reached);
  const ranks = competitionRanks(ordered.map((team) => team.goals_reached));
  const ranked: RankedTeam[] = ordered.map((team, index) => ({
    ...team,
    points: null,
    rank: ranks[index] ?? index + 1,
  }));
  const ownId = own && own.school.id === schoolId ? own.id : undefined;
  return {
    num_teams: ranked.length,
    ranked_by: 'goals',
    teams: ranked.slice(0, TEAM_RANKING_TOP),
    own_team: ranked.find((team) => team.id === ownId) ?? null,
  };
}

async function countTeams(db: Db, schoolId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${teams} where school_id = ${schoolId}`,
  );
  return row?.n ?? 0;
}
