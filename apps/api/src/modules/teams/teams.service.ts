import {
  type MyTeam,
  type PublicTeam,
  SCHOOL_TEAMS_LIMIT,
  type SchoolTeam,
  TEAM_MESSAGES,
  teamNameFor,
  teamRenameAuditDetail,
} from '@wellbank/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { schools, teamMembers, teams, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { findMyTeam } from '../leaderboard/leaderboard.service.ts';
import { isOffensiveTeamName } from './team-name-filter.ts';

/**
 * Public view of a team: its id, name and school's id and name; no e-mails. By id, by captain's
 * e-mail, or by both (joining: the id must come with its captain's e-mail, DESIGN.md §1.5).
 */
export async function findPublicTeam(
  db: Db,
  where: { id: number } | { captainEmail: string } | { id: number; captainEmail: string },
): Promise<PublicTeam | undefined> {
  const byId = 'id' in where ? eq(teams.id, where.id) : undefined;
  const base = db
    .select({ id: teams.id, name: teams.name, schoolId: schools.id, schoolName: schools.name })
    .from(teams)
    .innerJoin(schools, eq(schools.id, teams.schoolId));
  const [row] =
    'captainEmail' in where
      ? await base
          .innerJoin(users, eq(users.id, teams.captainUserId))
          .where(and(byId, eq(users.email, where.captainEmail)))
      : await base.where(byId);
  return row && { id: row.id, name: row.name, school: { id: row.schoolId, name: row.schoolName } };
}

/**
 * A captain renames their team (decision 0031), with the old name in the activity log; anyone
 * else of the school is refused (403), a team of another school is not found (404). Answers the
 * captain's team, as GET /teams/me.
 */
export function renameTeam(
  db: Db,
  actor: AuditActor,
  options: { teamId: number; name: string },
): Promise<MyTeam> {
  const { teamId, name } = options;
  return db.transaction(async (tx) => {
    const oldName = await setCaptainsTeamName(tx, {
      teamId,
      schoolId: actor.schoolId,
      userId: actor.actorUserId,
      name,
    });
    if (oldName === undefined) throw notFound();
    await recordAudit(tx, {
      ...actor,
      action: 'team.rename',
      target: { kind: 'team', id: teamId },
      detail: oldName,
    });
    return findMyTeam(tx, actor.actorUserId);
  });
}

/** The captain's rename itself: answers the old name, or undefined when not found. */
async function setCaptainsTeamName(
  db: Db,
  options: { teamId: number; schoolId: number; userId: number; name: string },
): Promise<string | undefined> {
  const [team] = await db
    .select({ name: teams.name, captainUserId: teams.captainUserId })
    .from(teams)
    .where(and(eq(teams.id, options.teamId), eq(teams.schoolId, options.schoolId)))
    .for('update');
  if (!team) return undefined;
  if (team.captainUserId !== options.userId) {
    throw new AppError('forbidden', TEAM_MESSAGES.onlyCaptain);
  }
  refuseOffensive(options.name);
  await db.update(teams).set({ name: options.name }).where(eq(teams.id, options.teamId));
  return team.name;
}

/** A name someone typed that the word filter catches is refused (422), naming no word. */
function refuseOffensive(name: string): void {
  if (isOffensiveTeamName(name)) throw new AppError('unprocessable', TEAM_MESSAGES.notAllowed);
}

/**
 * The school's teams for its coordinator (decision 0046), by name: those whose name or captain's
 * name contains `search` (any case), at most SCHOOL_TEAMS_LIMIT; or the one team `teamId`.
 */
export async function listSchoolTeams(
  db: Db,
  options: { schoolId: number; search?: string | undefined; teamId?: number },
): Promise<SchoolTeam[]> {
  const search = options.search?.toLowerCase() ?? '';
  const oneTeam = options.teamId === undefined ? sql`` : sql`and t.id = ${options.teamId}`;
  return queryRows<SchoolTeam>(
    db,
    sql`select t.id, t.name,
        case when c.id is null then null else c.first_name || ' ' || c.last_name end as captain_name,
        (select count(*) from team_members m where m.team_id = t.id)::int as num_team_users
      from teams t left join users c on c.id = t.captain_user_id
      where t.school_id = ${options.schoolId} ${oneTeam}
        and (${search} = '' or strpos(lower(t.name), ${search}) > 0
          or strpos(lower(coalesce(c.first_name || ' ' || c.last_name, '')), ${search}) > 0)
      order by lower(t.name), t.id
      limit ${SCHOOL_TEAMS_LIMIT}`,
  );
}

/**
 * A coordinator renames a team of their school, or with `null` gives it back its default name:
 * its captain's "{first_name} {last initial}.", or with no captain its longest-standing member's
 * (as when a captain's account is deleted). A typed name passes the word filter; a default, made
 * from a person's own name, does not need to. The activity log keeps the old and new names.
 * Answers the team as the coordinator's list shows it; 404 when the team is not the school's.
 */
export function renameSchoolTeam(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; teamId: number; name: string | null },
): Promise<SchoolTeam> {
  const { schoolId, teamId } = options;
  return db.transaction(async (tx) => {
    const renamed = await setSchoolTeamName(tx, options);
    if (!renamed) throw notFound();
    await recordAudit(tx, {
      ...actor,
      action: 'team.coordinator_rename',
      target: { kind: 'team', id: teamId },
      detail: teamRenameAuditDetail(renamed.oldName, renamed.name),
    });
    const [team] = await listSchoolTeams(tx, { schoolId, teamId });
    if (!team) throw notFound();
    return team;
  });
}

/**
 * The coordinator's rename itself: answers the old and new names, undefined when not found. The
 * year-end rollover's reset gives every team of the school its default name with it.
 */
export async function setSchoolTeamName(
  db: Db,
  options: { schoolId: number; teamId: number; name: string | null },
): Promise<{ oldName: string; name: string } | undefined> {
  const [team] = await db
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, options.teamId), eq(teams.schoolId, options.schoolId)))
    .for('update');
  if (!team) return undefined;
  if (options.name !== null) refuseOffensive(options.name);
  const name = options.name ?? (await defaultTeamName(db, options.teamId)) ?? team.name;
  await db.update(teams).set({ name }).where(eq(teams.id, options.teamId));
  return { oldName: team.name, name };
}

async function defaultTeamName(db: Db, teamId: number): Promise<string | undefined> {
  const [namesake] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(
      sql`case when ${teamMembers.userId} = ${teams.captainUserId} then 0 else 1 end`,
      asc(teamMembers.id),
    )
    .limit(1);
  return namesake && teamNameFor(namesake.firstName, namesake.lastName);
}
