import {
  type MySchool,
  ROLE_SWITCH_MESSAGES,
  type RoleName,
  type SchoolUser,
  type SwitchableRole,
} from '@wellbank/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nameSortKey } from '../../db/name-sort-key.ts';
import { schools, userRoles, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';

const SWITCHABLE: RoleName[] = ['staff', 'student'];

/*
 * Subqueries name their tables: Drizzle leaves columns unqualified in a one-table select, which
 * would make `id` ambiguous inside them.
 */
const isStaffOrStudent = sql`exists(select 1 from user_roles r
  where r.user_id = users.id and r.role in ('staff', 'student'))`;

/** First name A→Z, the lists' default order (SPEC.md §9), stable on equal names. */
const byName = [asc(nameSortKey(users.firstName)), asc(nameSortKey(users.lastName)), asc(users.id)];

/** "{n} influenced by our school": every member of every team of the school (DESIGN.md §1.5). */
export async function findMySchool(db: Db, schoolId: number): Promise<MySchool> {
  const [row] = await db
    .select({
      id: schools.id,
      name: schools.name,
      num_team_users: sql<number>`(select count(*)::int from team_members tm
        join teams t on t.id = tm.team_id where t.school_id = schools.id)`,
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!row) throw notFound();
  return row;
}

/** Staff and students of the school with their own team's size (the coordinator's users page). */
export async function listSchoolUsers(
  db: Db,
  schoolId: number,
  onlyUserId?: number,
): Promise<SchoolUser[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      schoolId: users.schoolId,
      roles: sql<RoleName[]>`array(select r.role::text from user_roles r
        where r.user_id = users.id and r.role in ('staff', 'student') order by r.role)`,
      teamSize: sql<number>`(select count(*)::int from team_members tm
        join teams t on t.id = tm.team_id where t.captain_user_id = users.id)`,
    })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        onlyUserId === undefined ? undefined : eq(users.id, onlyUserId),
        isStaffOrStudent,
      ),
    )
    .orderBy(...byName);
  return rows.map((row) => ({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    team_size: row.teamSize,
    user_school_roles: row.roles.map((name) => ({ role: { name } })),
    school: { id: row.schoolId },
  }));
}

/**
 * Switches a user of the school between student and staff; other roles (admin) stay.
 * The caller is an admin of the school; never themself (DESIGN.md §1.5).
 */
export async function switchRole(
  db: Db,
  options: { schoolId: number; userId: number; adminId: number; role: SwitchableRole },
): Promise<SchoolUser> {
  const { schoolId, userId, role } = options;
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)))
    .for('update');
  if (!target) throw notFound();
  if (userId === options.adminId) throw new AppError('forbidden', ROLE_SWITCH_MESSAGES.ownRole);
  const [before] = await listSchoolUsers(db, schoolId, userId);
  if (!before) throw new AppError('unprocessable', ROLE_SWITCH_MESSAGES.notSwitchable);
  await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, SWITCHABLE)));
  await db.insert(userRoles).values({ userId, role });
  const [after] = await listSchoolUsers(db, schoolId, userId);
  if (!after) throw new Error('switched user vanished');
  return after;
}
