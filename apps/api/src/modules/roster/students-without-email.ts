import { type Language, type NewStudent, ROSTER_MESSAGES, type SchoolUser } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { findSchoolUser } from '../school-users/school-users.service.ts';
import { createAccount } from '../users/users.service.ts';
import { studentPlaces } from './student-places.ts';

/**
 * Students without e-mail (decision 0063): made by a roster import's row with no address or added
 * by hand, with no password and no invitation. Without an address, a student is told apart by
 * first name, last name and homeroom (case ignored): one of each per school.
 */

type StudentName = Pick<NewStudent, 'first_name' | 'last_name' | 'homeroom'>;

/** The rule's key: first name, last name and homeroom, lower-case (names hold no line break). */
export function studentKey(student: StudentName): string {
  return [student.first_name, student.last_name, student.homeroom ?? '']
    .map((part) => part.toLowerCase())
    .join('\n');
}

/** The keys of these that are already students of the school, with an address or without. */
export async function existingStudentKeys(
  db: Db,
  schoolId: number,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select distinct lower(first_name) || chr(10) || lower(last_name) || chr(10)
        || lower(coalesce(homeroom, '')) as key
      from users where school_id = ${schoolId} and is_student
        and lower(first_name) || chr(10) || lower(last_name) || chr(10)
          || lower(coalesce(homeroom, '')) in (${list})`,
  );
  return new Set(rows.map((row) => row.key));
}

/**
 * The account of a student without e-mail, in the caller's transaction: the one door every
 * account goes through (`createAccount`: roles, their own team named as at sign-up). No password,
 * no address, nothing mailed; the school's parental-consent attestation covers the child as it
 * covers a student who joins by code. Returns the user id.
 */
export function createStudentWithoutEmail(
  db: Db,
  options: { schoolId: number; student: NewStudent; language: Language; now: Date },
): Promise<number> {
  const { student } = options;
  return createAccount(db, {
    schoolId: options.schoolId,
    firstName: student.first_name,
    lastName: student.last_name,
    email: null,
    grade: student.grade,
    homeroom: student.homeroom,
    passwordHash: null,
    roles: ['student'],
    language: options.language,
    emailProof: 'no address',
    now: options.now,
  });
}

/**
 * Staff add one student by name (`POST /schools/{id}/students`), in one transaction: the school's
 * row locked first, then the paid cap and the name-and-homeroom rule checked against what is
 * committed, so two additions (or an import) cannot both take the last place or the same name.
 */
export function addStudent(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; student: NewStudent; language: Language; now: Date },
): Promise<SchoolUser> {
  const { schoolId, student, now } = options;
  return db.transaction(async (tx) => {
    const places = await studentPlaces(tx, { schoolId, now, lock: true });
    if (places.taken >= places.cap) {
      throw new AppError('conflict', ROSTER_MESSAGES.overCap(places.cap));
    }
    const key = studentKey(student);
    if ((await existingStudentKeys(tx, schoolId, [key])).has(key)) {
      throw new AppError('conflict', ROSTER_MESSAGES.sameStudentInSchool);
    }
    const userId = await createStudentWithoutEmail(tx, options);
    await recordAudit(tx, {
      ...actor,
      action: 'student.create',
      target: { kind: 'user', id: userId },
    });
    const added = await findSchoolUser(tx, schoolId, userId);
    if (!added) throw new Error(`student ${userId} was not found after its creation`);
    return added;
  });
}
