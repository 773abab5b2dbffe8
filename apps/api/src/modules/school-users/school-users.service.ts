import {
  type ClassFields,
  DEFAULT_PEOPLE_SORT,
  type MySchool,
  mayReadSchoolCode,
  ROLE_SWITCH_MESSAGES,
  type RoleName,
  type SchoolUser,
  type SchoolUsersQuery,
  type SwitchableRole,
} from '@wellbank/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { schools, userRoles, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { type PeoplePage, type PersonRow, readPeoplePage } from './people-page.ts';
import { nameKeys } from './points-order.ts';

const SWITCHABLE: RoleName[] = ['staff', 'student'];

/** "{n} influenced by our school": every member of every team of the school (DESIGN.md §1.5). */
export async function findMySchool(
  db: Db,
  schoolId: number,
  reader: { roles: readonly RoleName[] },
): Promise<MySchool> {
  const [row] = await db
    .select({
      id: schools.id,
      name: schools.name,
      time_zone: schools.timeZone,
      code: mayReadSchoolCode(reader.roles) ? schools.code : sql<null>`null`,
      num_team_users: sql<number>`(select count(*)::int from team_members tm
        join teams t on t.id = tm.team_id where t.school_id = schools.id)`,
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!row) throw notFound();
  return row;
}

/** Staff and students of the school: the coordinator's Staff & students page (SPEC.md §2). */
const membersOf = (schoolId: number) =>
  sql`u.school_id = ${schoolId} and (u.is_staff or u.is_student)`;

interface SchoolUserRow extends PersonRow {
  email: string | null;
  grade: string | null;
  homeroom: string | null;
  school_id: number;
  roles: RoleName[];
  is_coordinator: boolean;
  stress_opted_out: boolean;
  is_counsellor: boolean;
  team_size: number;
}

/**
 * A person's entry with their own team's size; roles are only the staff or student one, and
 * whether they are a coordinator (admin) besides.
 */
const schoolUserColumns = sql`u.id, u.first_name, u.last_name, u.email, u.school_id, u.grade, u.homeroom,
  array(select r.role::text from user_roles r
    where r.user_id = u.id and r.role in ('staff', 'student') order by r.role) as roles,
  exists(select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') as is_coordinator,
  u.stress_opted_out, u.is_counsellor,
  (select count(*)::int from team_members tm
    join teams t on t.id = tm.team_id where t.captain_user_id = u.id) as team_size`;

/** One page of the Staff & students list read by its admin, the read logged (decision 0025). */
export async function viewSchoolUsersPage(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; query: SchoolUsersQuery },
): Promise<PeoplePage<SchoolUser>> {
  const page = await listSchoolUsersPage(db, options);
  await recordAudit(db, { ...actor, action: 'view.school_users' });
  return page;
}

/**
 * The school of a list about to be exported as CSV, the export logged first when it is one the
 * activity log keeps (`logAs`; the staff's points list is not: decision 0025).
 */
export async function findSchoolForExport(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; logAs: 'export.school_users' | 'export.student_points' | undefined },
): Promise<MySchool> {
  // A list's file names its school; the join code has no place in it.
  const school = await findMySchool(db, options.schoolId, { roles: [] });
  if (options.logAs) await recordAudit(db, { ...actor, action: options.logAs });
  return school;
}

/** One page of the school's staff and students by name (the order of the points lists). */
export async function listSchoolUsersPage(
  db: Db,
  options: { schoolId: number; query: SchoolUsersQuery },
): Promise<PeoplePage<SchoolUser>> {
  const page = await readPeoplePage<SchoolUserRow>(db, {
    columns: schoolUserColumns,
    members: membersOf(options.schoolId),
    sort: DEFAULT_PEOPLE_SORT,
    keys: nameKeys(DEFAULT_PEOPLE_SORT.direction),
    query: options.query,
  });
  return { ...page, rows: page.rows.map(toSchoolUser) };
}

/** One staff member or student of the school; undefined for anyone else. */
export async function findSchoolUser(db: Db, schoolId: number, userId: number) {
  const [row] = await queryRows<SchoolUserRow>(
    db,
    sql`select ${schoolUserColumns} from users u where ${membersOf(schoolId)} and u.id = ${userId}`,
  );
  return row && toSchoolUser(row);
}

function toSchoolUser(row: SchoolUserRow): SchoolUser {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    team_size: row.team_size,
    user_school_roles: row.roles.map((name) => ({ role: { name } })),
    school: { id: row.school_id },
    grade: row.grade,
    homeroom: row.homeroom,
    is_coordinator: row.is_coordinator,
    stress_opted_out: row.stress_opted_out,
    is_counsellor: row.is_counsellor,
  };
}

/**
 * Sets a staff member's or student's grade and homeroom, with its line in the activity log;
 * anyone else of the school is not found.
 */
export function setClassFields(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; userId: number; fields: ClassFields },
): Promise<SchoolUser> {
  const { schoolId, userId, fields } = options;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ grade: fields.grade, homeroom: fields.homeroom })
      .where(
        and(
          eq(users.id, userId),
          eq(users.schoolId, schoolId),
          sql`(${users.isStaff} or ${users.isStudent})`,
        ),
      )
      .returning({ id: users.id });
    const person = updated && (await findSchoolUser(tx, schoolId, userId));
    if (!person) throw notFound();
    await recordAudit(tx, {
      ...actor,
      action: 'user.class_update',
      target: { kind: 'user', id: userId },
    });
    return person;
  });
}

/**
 * Switches a user of the school between student and staff; other roles (admin) stay.
 * The actor is an admin of the school; never themself (DESIGN.md §1.5). Logged in the activity log.
 */
export function switchRole(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; userId: number; role: SwitchableRole },
): Promise<SchoolUser> {
  const { schoolId, userId, role } = options;
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)))
      .for('update');
    if (!target) throw notFound();
    if (userId === actor.actorUserId) throw new AppError('forbidden', ROLE_SWITCH_MESSAGES.ownRole);
    const before = await findSchoolUser(tx, schoolId, userId);
    if (!before) throw new AppError('unprocessable', ROLE_SWITCH_MESSAGES.notSwitchable);
    // A coordinator is staff (issue 35 §2): a student coordinator would be neither list's.
    if (role === 'student' && before.is_coordinator) {
      throw new AppError('conflict', ROLE_SWITCH_MESSAGES.coordinatorToStudent);
    }
    await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, SWITCHABLE)));
    await tx.insert(userRoles).values({ userId, role });
    const after = await findSchoolUser(tx, schoolId, userId);
    if (!after) throw new Error('switched user vanished');
    const audited = { kind: 'user', id: userId } as const;
    await recordAudit(tx, { ...actor, action: 'role.switch', target: audited, detail: role });
    return after;
  });
}
