import type { PublicTeam } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schools, teams, users } from '../../db/schema.ts';

/** Public view of a team: its id, name and school's id and name; no e-mails. */
export async function findPublicTeam(
  db: Db,
  where: { id: number } | { captainEmail: string },
): Promise<PublicTeam | undefined> {
  const base = db
    .select({ id: teams.id, name: teams.name, schoolId: schools.id, schoolName: schools.name })
    .from(teams)
    .innerJoin(schools, eq(schools.id, teams.schoolId));
  const [row] =
    'id' in where
      ? await base.where(eq(teams.id, where.id))
      : await base
          .innerJoin(users, eq(users.id, teams.captainUserId))
          .where(eq(users.email, where.captainEmail));
  return row && { id: row.id, name: row.name, school: { id: row.schoolId, name: row.schoolName } };
}
