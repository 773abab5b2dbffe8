import {
  FAMILY_CODE_LENGTH,
  FAMILY_LETTER_MAX_STUDENTS,
  FAMILY_MESSAGES,
  type FamilyLetterPage,
  MESSAGES,
} from '@wellbank/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { familyCodes, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { hashToken } from '../auth/tokens.ts';
import { randomCode } from '../class-sign-in/class-codes.service.ts';

/** Ten symbols of the class codes' alphabet (decision 0075). */
function newFamilyCode(): string {
  return randomCode(FAMILY_CODE_LENGTH);
}

interface StudentRow {
  id: number;
  first_name: string;
  last_name: string;
}

/**
 * Locks the students' rows in id order (the order every multi-row lock takes), so two people
 * making the same child's code take turns: the second replaces the first's.
 */
function lockStudents(tx: Db, where: SQL): Promise<StudentRow[]> {
  return queryRows<StudentRow>(
    tx,
    sql`select u.id, u.first_name, u.last_name from ${users} u
    where u.is_student and ${where} order by u.id for update of u`,
  );
}

/** Replaces each student's code with a new one, logged per child: the codes exist only here. */
async function makeCodes(
  tx: Db,
  actor: AuditActor,
  students: readonly StudentRow[],
  now: Date,
): Promise<(StudentRow & { code: string })[]> {
  const made = students.map((student) => ({ ...student, code: newFamilyCode() }));
  for (const student of made) {
    const row = { codeHash: hashToken(student.code), createdAt: now, createdBy: actor.actorUserId };
    await tx
      .insert(familyCodes)
      .values({ userId: student.id, ...row })
      .onConflictDoUpdate({ target: familyCodes.userId, set: row });
    await recordAudit(tx, {
      ...actor,
      action: 'family_code.issue',
      target: { kind: 'user', id: student.id },
    });
  }
  return made;
}

/** The actor's school's person, or 404 (scope first); then the role's 403. */
async function requireStudentOfSchool(tx: Db, actor: AuditActor, userId: number, may: boolean) {
  const [person] = await tx
    .select({ isStudent: users.isStudent })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.schoolId, actor.schoolId)));
  if (!person) throw notFound();
  if (!may) throw new AppError('forbidden', MESSAGES.forbidden);
}

/**
 * `POST /users/{id}/family-code`: a new code for a student of the actor's school (staff, admins,
 * or the child themself), replacing the live one. Links already made stay.
 */
export function issueFamilyCode(
  db: Db,
  actor: AuditActor & { mayIssue: boolean },
  input: { userId: number; now: Date },
): Promise<string> {
  const { mayIssue, ...entry } = actor;
  return db.transaction(async (tx) => {
    await requireStudentOfSchool(tx, entry, input.userId, mayIssue);
    // Locked and read again: a role switch in between is as if it had come first.
    const students = await lockStudents(tx, sql`u.id = ${input.userId}`);
    const [made] = await makeCodes(tx, entry, students, input.now);
    if (!made) throw new AppError('unprocessable', FAMILY_MESSAGES.studentsOnly);
    return made.code;
  });
}

/** `DELETE /users/{id}/family-code`: the child's code stops working; links stay. */
export function revokeFamilyCode(
  db: Db,
  actor: AuditActor & { mayRevoke: boolean },
  input: { userId: number },
): Promise<void> {
  const { mayRevoke, ...entry } = actor;
  return db.transaction(async (tx) => {
    await requireStudentOfSchool(tx, entry, input.userId, mayRevoke);
    const revoked = await tx
      .delete(familyCodes)
      .where(eq(familyCodes.userId, input.userId))
      .returning({ userId: familyCodes.userId });
    if (revoked.length === 0) return;
    await recordAudit(tx, {
      ...entry,
      action: 'family_code.revoke',
      target: { kind: 'user', id: input.userId },
    });
  });
}

/**
 * `POST /schools/{id}/family-letters`: a new code for every child of the homeroom (the codes of an
 * earlier letter stop working; links made stay), A→Z by first name, one page each.
 */
export function issueFamilyLetter(
  db: Db,
  actor: AuditActor,
  input: { homeroom: string; now: Date },
): Promise<Omit<FamilyLetterPage, 'url'>[]> {
  return db.transaction(async (tx) => {
    const inHomeroom = sql`u.school_id = ${actor.schoolId} and u.homeroom = ${input.homeroom}`;
    const students = await lockStudents(tx, inHomeroom);
    if (students.length === 0) throw new AppError('unprocessable', FAMILY_MESSAGES.noStudents);
    if (students.length > FAMILY_LETTER_MAX_STUDENTS) {
      throw new AppError('unprocessable', FAMILY_MESSAGES.tooManyStudents);
    }
    const made = await makeCodes(tx, actor, students, input.now);
    return made.sort(
      (a, b) =>
        a.first_name.localeCompare(b.first_name) ||
        a.last_name.localeCompare(b.last_name) ||
        a.id - b.id,
    );
  });
}
