import { type PublicTeam, TEAM_MESSAGES } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schools, teams, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

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
 * A captain renames their team (decision 0031); anyone else of the school is refused (403), a
 * team of another school is not found. Answers the old name, or undefined when not found.
 */
export async function renameTeam(
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
  await db.update(teams).set({ name: options.name }).where(eq(teams.id, options.teamId));
  return team.name;
}
