import { randomInt } from 'node:crypto';
import {
  addDays,
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  CLASS_SIGN_IN_MESSAGES,
  type ClassCodeCreate,
  type ClassLookup,
  classDisplayName,
  isClassCode,
  MESSAGES,
  schoolDate,
  startOfLocalDay,
} from '@wellbank/domain';
import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { classCodeStudents, classCodes, schools, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { hashToken } from '../auth/tokens.ts';
import { ensureSecretPictures } from './secret-pictures.service.ts';

/** `length` symbols of the alphabet, each drawn uniformly by the operating system's generator. */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) {
    code += CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)];
  }
  return code;
}

export function newClassCode(): string {
  return randomCode(CLASS_CODE_LENGTH);
}

/** The end of the school day `now` falls in: the next local midnight in the school's zone. */
export function endOfSchoolDay(now: Date, timeZone: string): Date {
  return startOfLocalDay(addDays(schoolDate(now, timeZone), 1), timeZone);
}

/** A student of this school, as a condition on `users`. */
export function studentOfSchool(schoolId: number): SQL {
  return sql`${users.schoolId} = ${schoolId} and ${users.isStudent}`;
}

/** Which students a new code lists: a homeroom's, or those picked (all of this school's). */
function studentsOf(schoolId: number, input: ClassCodeCreate): SQL {
  if ('homeroom' in input) {
    return sql`${studentOfSchool(schoolId)} and ${users.homeroom} = ${input.homeroom}`;
  }
  return sql`${studentOfSchool(schoolId)} and ${inArray(users.id, input.user_ids)}`;
}

/**
 * Opens a class code (decision 0064) in one transaction: the code, its students fixed now, their
 * secret pictures if they had none, the log entry. A picked id that is not a student of the
 * school is "not found", so another school's ids cannot be probed.
 */
export function openClassCode(
  db: Db,
  input: ClassCodeCreate,
  context: { actor: AuditActor; timeZone: string; now: Date },
): Promise<{ id: number; code: string; expiresAt: Date }> {
  const { schoolId } = context.actor;
  return db.transaction(async (tx) => {
    const code = newClassCode();
    const expiresAt = endOfSchoolDay(context.now, context.timeZone);
    const homeroom = 'homeroom' in input ? input.homeroom : null;
    const [opened] = await tx
      .insert(classCodes)
      .values({ schoolId, codeHash: hashToken(code), homeroom, expiresAt, createdAt: context.now })
      .returning({ id: classCodes.id });
    if (!opened) throw new Error('insert into class_codes returned no row');
    const listed = await queryRows<{ user_id: number }>(
      tx,
      sql`insert into ${classCodeStudents} (class_code_id, user_id)
select ${opened.id}, ${users.id} from ${users} where ${studentsOf(schoolId, input)}
returning user_id`,
    );
    if ('user_ids' in input && listed.length !== new Set(input.user_ids).size) throw notFound();
    if (listed.length === 0) throw new AppError('unprocessable', CLASS_SIGN_IN_MESSAGES.noStudents);
    await ensureSecretPictures(
      tx,
      sql`${users.id} in (select ${classCodeStudents.userId} from ${classCodeStudents}
        where ${classCodeStudents.classCodeId} = ${opened.id})`,
    );
    await recordAudit(tx, {
      ...context.actor,
      action: 'class_code.open',
      ...(homeroom ? { detail: homeroom } : {}),
    });
    return { id: opened.id, code, expiresAt };
  });
}

/** A code still open at `now`: not closed, not expired. Never the code itself, only its hash. */
export function openCode(code: string, now: Date): SQL | undefined {
  if (!isClassCode(code)) return undefined;
  return and(
    eq(classCodes.codeHash, hashToken(code)),
    isNull(classCodes.closedAt),
    gt(classCodes.expiresAt, now),
  );
}

/**
 * Closes an open code of the caller's school. Scope before role (auth/access.ts): another
 * school's code, or one closed already, is 404 to anyone; a code of their own school is 403 to
 * whoever may not run class sign-in. Of two parallel closes one logs it, the other finds it closed.
 */
export function closeClassCode(
  db: Db,
  code: string,
  context: { actor: AuditActor; mayClose: boolean; now: Date },
): Promise<void> {
  const where = openCode(code, context.now);
  if (!where) throw notFound();
  const ofSchool = and(where, eq(classCodes.schoolId, context.actor.schoolId));
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: classCodes.id }).from(classCodes).where(ofSchool);
    if (!found) throw notFound();
    if (!context.mayClose) throw new AppError('forbidden', MESSAGES.forbidden);
    const closed = await tx
      .update(classCodes)
      .set({ closedAt: context.now })
      .where(and(ofSchool, eq(classCodes.id, found.id)))
      .returning({ id: classCodes.id });
    if (closed.length === 0) throw notFound();
    await recordAudit(tx, { ...context.actor, action: 'class_code.close' });
  });
}

/**
 * What a class check-in's screen needs to read its meter (decision 0085): the school, its zone
 * and the homeroom an open code was opened for (null when staff picked the students).
 */
export async function openCodeHomeroom(
  db: Db,
  code: string,
  now: Date,
): Promise<{ schoolId: number; homeroom: string | null; timeZone: string } | undefined> {
  const where = openCode(code, now);
  if (!where) return undefined;
  const [found] = await db
    .select({
      schoolId: classCodes.schoolId,
      homeroom: classCodes.homeroom,
      timeZone: schools.timeZone,
    })
    .from(classCodes)
    .innerJoin(schools, eq(schools.id, classCodes.schoolId))
    .where(where);
  return found;
}

/**
 * The class of an open code: the school's name and each listed student who is still a student of
 * it, by first name: first name, last initial and picture only (decision 0064).
 */
export async function lookUpClass(
  db: Db,
  code: string,
  now: Date,
): Promise<ClassLookup | undefined> {
  const where = openCode(code, now);
  if (!where) return undefined;
  const [found] = await db
    .select({ id: classCodes.id, schoolId: classCodes.schoolId, schoolName: schools.name })
    .from(classCodes)
    .innerJoin(schools, eq(schools.id, classCodes.schoolId))
    .where(where);
  if (!found) return undefined;
  const students = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      picture: users.picture,
    })
    .from(classCodeStudents)
    .innerJoin(users, eq(users.id, classCodeStudents.userId))
    .where(and(eq(classCodeStudents.classCodeId, found.id), studentOfSchool(found.schoolId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return {
    school: { name: found.schoolName },
    students: students.map((student) => ({
      id: student.id,
      display_name: classDisplayName(student.firstName, student.lastName),
      picture: student.picture,
    })),
  };
}
