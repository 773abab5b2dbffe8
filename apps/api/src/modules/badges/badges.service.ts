import {
  BADGE_MESSAGES,
  BADGE_SHEET_MAX_STUDENTS,
  type BadgeHolder,
  classDisplayName,
  MESSAGES,
  type PrintedBadge,
  type SessionRecord,
  type StudentPicture,
} from '@wellbank/domain';
import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { badges, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { openSession } from '../auth/sessions.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import {
  chargeRateLimits,
  RATE_LIMITS,
  refundRateLimitHits,
} from '../rate-limit/rate-limit.service.ts';

/** A student whose badge is being made, as locked in `lockStudents`. */
interface StudentRow {
  id: number;
  first_name: string;
  last_name: string;
  picture: StudentPicture;
  has_live_badge: boolean;
}

/**
 * Locks the students' rows (in id order, the one order every multi-row lock here takes), so two
 * staff members making the same child's badge take turns: the second voids the first's badge.
 * Returns them with whether each has a live badge now.
 */
async function lockStudents(tx: Db, where: SQL): Promise<StudentRow[]> {
  return queryRows<StudentRow>(
    tx,
    sql`select u.id, u.first_name, u.last_name, u.picture,
      exists (select 1 from ${badges} b where b.user_id = u.id and b.voided_at is null)
        as has_live_badge
    from ${users} u where u.is_student and ${where} order by u.id for update of u`,
  );
}

/**
 * Voids the students' live badges and makes each a new one, logged per child: the tokens exist
 * only in this answer. The callers hold the students' locks.
 */
async function makeBadges(
  tx: Db,
  actor: AuditActor,
  students: readonly StudentRow[],
  now: Date,
): Promise<(StudentRow & { token: string })[]> {
  if (students.length === 0) return [];
  const ids = students.map((student) => student.id);
  await tx
    .update(badges)
    .set({ voidedAt: now })
    .where(and(sql`${badges.userId} in ${ids}`, isNull(badges.voidedAt)));
  const made = students.map((student) => ({ ...student, token: newToken() }));
  await tx.insert(badges).values(
    made.map((student) => ({
      userId: student.id,
      schoolId: actor.schoolId,
      tokenHash: hashToken(student.token),
      createdAt: now,
      createdBy: actor.actorUserId,
    })),
  );
  for (const student of made) {
    await recordAudit(tx, {
      ...actor,
      action: 'badge.issue',
      target: { kind: 'user', id: student.id },
    });
  }
  return made;
}

/**
 * `POST /users/{id}/badge`: a new badge for a student of the actor's school, the old one voided in
 * the same transaction. Another school's id, or nobody, is not found; a staff member 422.
 */
export function issueBadge(
  db: Db,
  actor: AuditActor & { mayIssue: boolean },
  input: { userId: number; now: Date },
): Promise<string> {
  const { mayIssue, ...entry } = actor;
  return db.transaction(async (tx) => {
    // Scope first, role second (DESIGN.md §2): another school's id is not found for anyone.
    const [person] = await tx
      .select({ isStudent: users.isStudent })
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.schoolId, actor.schoolId)));
    if (!person) throw notFound();
    if (!mayIssue) throw new AppError('forbidden', MESSAGES.forbidden);
    // Locked and read again: a role switch in between is as if it had come first.
    const students = await lockStudents(tx, sql`u.id = ${input.userId}`);
    const [made] = await makeBadges(tx, entry, students, input.now);
    if (!made) {
      throw new AppError('unprocessable', BADGE_MESSAGES.studentsOnly);
    }
    return made.token;
  });
}

/**
 * `POST /schools/{id}/badges`: a homeroom's sheet, A→Z. Without `replace` only the children who
 * have no live badge get one (a printed sheet keeps working); with it every child gets a new one.
 */
export function issueBadgeSheet(
  db: Db,
  actor: AuditActor,
  input: { homeroom: string; replace: boolean; now: Date },
): Promise<(Omit<PrintedBadge, 'url'> & { token: string })[]> {
  return db.transaction(async (tx) => {
    const inHomeroom = sql`u.school_id = ${actor.schoolId} and u.homeroom = ${input.homeroom}`;
    const students = await lockStudents(tx, inHomeroom);
    if (students.length === 0) throw new AppError('unprocessable', BADGE_MESSAGES.noStudents);
    if (students.length > BADGE_SHEET_MAX_STUDENTS) {
      throw new AppError('unprocessable', BADGE_MESSAGES.tooManyStudents);
    }
    const due = input.replace ? students : students.filter((student) => !student.has_live_badge);
    const made = await makeBadges(tx, actor, due, input.now);
    return made
      .map((student) => ({
        id: student.id,
        display_name: classDisplayName(student.first_name, student.last_name),
        picture: student.picture,
        token: student.token,
      }))
      .sort((a, b) => a.display_name.localeCompare(b.display_name) || a.id - b.id);
  });
}

/** `GET /schools/{id}/badges?homeroom=`: the homeroom's children and their live badge's date. */
export function listBadgeHolders(
  db: Db,
  actor: AuditActor,
  homeroom: string,
): Promise<BadgeHolder[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        picture: users.picture,
        issuedAt: badges.createdAt,
      })
      .from(users)
      .leftJoin(badges, and(eq(badges.userId, users.id), isNull(badges.voidedAt)))
      .where(and(eq(users.schoolId, actor.schoolId), eq(users.homeroom, homeroom), users.isStudent))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    await recordAudit(tx, { ...actor, action: 'view.badges', detail: homeroom });
    return rows.map((row) => ({
      id: row.id,
      display_name: classDisplayName(row.firstName, row.lastName),
      picture: row.picture,
      badge_issued_at: row.issuedAt?.toISOString() ?? null,
    }));
  });
}

/** `GET /schools/{id}/homerooms`: the homerooms the school's students are in, A→Z. */
export async function listHomerooms(db: Db, schoolId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ homeroom: users.homeroom })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), users.isStudent, isNotNull(users.homeroom)))
    .orderBy(asc(users.homeroom));
  return rows.flatMap((row) => (row.homeroom === null ? [] : [row.homeroom]));
}

/**
 * `POST /sign-in/badge`: the badge's child signed in on a shared device (decision 0065). Every try
 * is counted per client address first and refunded on success, as the logins' are; an unknown
 * token is 401, a voided badge 410. The session opens as every sign-in's (`openSession`): a closed
 * school refuses it; an unpaid one lets it in to its payment page.
 */
export async function signInWithBadge(
  db: Db,
  input: { token: string; address: string; now: Date },
): Promise<SessionRecord> {
  const { address, now } = input;
  const charge = [{ limit: RATE_LIMITS.failedBadgeSignInPerAddress, subject: address }];
  const hits = await chargeRateLimits(db, charge, now);
  const outcome = await db.transaction(async (tx) => {
    // For share: a void in flight is waited for, so a badge voided a moment ago never signs in.
    const [badge] = await tx
      .select({ userId: badges.userId, schoolId: badges.schoolId, voidedAt: badges.voidedAt })
      .from(badges)
      .innerJoin(users, eq(users.id, badges.userId))
      .where(and(eq(badges.tokenHash, hashToken(input.token)), users.isStudent))
      .for('share', { of: badges });
    if (!badge) throw new AppError('unauthorized', BADGE_MESSAGES.unknown);
    if (badge.voidedAt) return { voided: { userId: badge.userId, schoolId: badge.schoolId } };
    const session = await openSession(tx, badge.userId, now, { method: 'shared-device' });
    const entry = { schoolId: badge.schoolId, actorUserId: badge.userId, clientAddress: address };
    await recordAudit(tx, { ...entry, action: 'sign_in.badge' });
    return { signedIn: session };
  });
  if (outcome.voided) {
    // A lost badge someone tries: the school sees it in its log, as a wrong password.
    const { userId, schoolId } = outcome.voided;
    await recordAudit(db, {
      action: 'sign_in.failed',
      schoolId,
      actorUserId: null,
      target: { kind: 'user', id: userId },
      clientAddress: address,
    });
    throw new AppError('gone', BADGE_MESSAGES.replaced);
  }
  await refundRateLimitHits(db, hits);
  return outcome.signedIn;
}
