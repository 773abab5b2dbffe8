import {
  FAMILY_MESSAGES,
  GUARDIANS_PER_CHILD_MAX,
  type Guardian,
  type LinkedChild,
  MESSAGES,
} from '@wellbank/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { familyCodes, guardianLinks, schools, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit-log/audit-log.ts';
import { hashToken } from '../auth/tokens.ts';
import {
  chargeRateLimits,
  RATE_LIMITS,
  refundRateLimitHits,
} from '../rate-limit/rate-limit.service.ts';

/** The child a live family code names: a student (a code outlives no role switch). */
export async function findCodeChild(
  db: Db,
  code: string,
): Promise<{ id: number; schoolId: number } | undefined> {
  const [child] = await db
    .select({ id: users.id, schoolId: users.schoolId })
    .from(familyCodes)
    .innerJoin(users, eq(users.id, familyCodes.userId))
    .where(and(eq(familyCodes.codeHash, hashToken(code)), users.isStudent));
  return child;
}

/**
 * Links the guardian to the code's child on the caller's transaction. The child's row is locked
 * first, so parallel links to one child take turns and the count holds (decision 0075); the pair
 * is unique in the database whatever runs.
 */
export async function linkGuardian(
  tx: Db,
  input: { guardianId: number; code: string; clientAddress: string; now: Date },
): Promise<number> {
  const [child] = await queryRows<{ id: number; school_id: number }>(
    tx,
    sql`select u.id, u.school_id from ${familyCodes} c join ${users} u on u.id = c.user_id
    where c.code_hash = ${hashToken(input.code)} and u.is_student for update of u`,
  );
  if (!child) throw new AppError('not_found', FAMILY_MESSAGES.unknownCode);
  const [counted] = await queryRows<{ linked: number; mine: boolean }>(
    tx,
    sql`select count(*)::int as linked, bool_or(guardian_user_id = ${input.guardianId}) as mine
    from ${guardianLinks} where student_user_id = ${child.id}`,
  );
  if (counted?.mine) throw new AppError('conflict', FAMILY_MESSAGES.alreadyLinked);
  if ((counted?.linked ?? 0) >= GUARDIANS_PER_CHILD_MAX) {
    throw new AppError('conflict', FAMILY_MESSAGES.tooManyGuardians);
  }
  await tx.insert(guardianLinks).values({
    guardianUserId: input.guardianId,
    studentUserId: child.id,
    createdAt: input.now,
    createdBy: input.guardianId,
  });
  // In the child's school's log, where the child's coordinator reads it.
  await recordAudit(tx, {
    action: 'guardian.link',
    schoolId: child.school_id,
    actorUserId: input.guardianId,
    clientAddress: input.clientAddress,
    target: { kind: 'user', id: child.id },
  });
  return child.id;
}

/**
 * `POST /family/links`: a signed-in guardian enters a child's code. Every try is counted per
 * client address and per account first, and refunded when the code was right, as the logins'.
 */
export async function linkWithCode(
  db: Db,
  input: {
    guardian: { id: number; isGuardian: boolean };
    code: string;
    clientAddress: string;
    now: Date;
  },
): Promise<LinkedChild> {
  const { guardian, code, clientAddress, now } = input;
  if (!guardian.isGuardian) throw new AppError('forbidden', FAMILY_MESSAGES.guardiansOnly);
  const charge = [
    { limit: RATE_LIMITS.familyCodePerAddress, subject: clientAddress },
    { limit: RATE_LIMITS.familyCodePerAccount, subject: String(guardian.id) },
  ];
  const hits = await chargeRateLimits(db, charge, now);
  const childId = await db.transaction((tx) =>
    linkGuardian(tx, { guardianId: guardian.id, code, clientAddress, now }),
  );
  await refundRateLimitHits(db, hits);
  const children = await listLinkedChildren(db, guardian.id);
  const child = children.find((linked) => linked.id === childId);
  if (!child) throw notFound();
  return child;
}

/**
 * The school of a child linked to the guardian, whose records an action for the child joins;
 * 404 for any other child (a guardian acts for their own children only, decision 0075).
 */
export async function linkedChildSchoolId(
  db: Db,
  link: { guardianId: number; studentId: number },
): Promise<number> {
  const [row] = await db
    .select({ schoolId: users.schoolId })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.studentUserId))
    .where(
      and(
        eq(guardianLinks.guardianUserId, link.guardianId),
        eq(guardianLinks.studentUserId, link.studentId),
      ),
    );
  if (!row) throw notFound();
  return row.schoolId;
}

/** The guardian's linked children (only `childId`, when given), A→Z by first name. */
export function linkedChildRows(db: Db, guardianId: number, childId?: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      schoolId: schools.id,
      schoolName: schools.name,
      timeZone: schools.timeZone,
      linkedAt: guardianLinks.createdAt,
      stressOptedOut: users.stressOptedOut,
      schoolStressCheckIn: schools.stressCheckIn,
    })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.studentUserId))
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(
      and(
        eq(guardianLinks.guardianUserId, guardianId),
        childId === undefined ? undefined : eq(guardianLinks.studentUserId, childId),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** `GET /family/children`: the guardian's children, A→Z by first name. */
export async function listLinkedChildren(db: Db, guardianId: number): Promise<LinkedChild[]> {
  const rows = await linkedChildRows(db, guardianId);
  return rows.map((row) => ({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    school: { id: row.schoolId, name: row.schoolName },
    linked_at: row.linkedAt.toISOString(),
    stress_check_in: { school: row.schoolStressCheckIn, opted_out: row.stressOptedOut },
  }));
}

/** The child of a link, with their school (whose log records the removal). */
async function removeLink(
  tx: Db,
  input: { guardianId: number; studentId: number; actorUserId: number; clientAddress: string },
): Promise<boolean> {
  const removed = await tx
    .delete(guardianLinks)
    .where(
      and(
        eq(guardianLinks.guardianUserId, input.guardianId),
        eq(guardianLinks.studentUserId, input.studentId),
      ),
    )
    .returning({ id: guardianLinks.id });
  if (removed.length === 0) return false;
  const [child] = await tx
    .select({ schoolId: users.schoolId })
    .from(users)
    .where(eq(users.id, input.studentId));
  await recordAudit(tx, {
    action: 'guardian.unlink',
    schoolId: child?.schoolId ?? null,
    actorUserId: input.actorUserId,
    clientAddress: input.clientAddress,
    target: { kind: 'user', id: input.studentId },
    detail: String(input.guardianId),
  });
  return true;
}

/**
 * `DELETE /family/children/{id}`: the guardian removes their own link; none is 404. Whoever is no
 * guardian is 403 whatever the id, which names nothing of theirs.
 */
export function unlinkByGuardian(
  db: Db,
  input: { guardianId: number; isGuardian: boolean; studentId: number; clientAddress: string },
): Promise<void> {
  const { isGuardian, ...link } = input;
  if (!isGuardian) throw new AppError('forbidden', MESSAGES.forbidden);
  return db.transaction(async (tx) => {
    const removed = await removeLink(tx, { ...link, actorUserId: link.guardianId });
    if (!removed) throw new AppError('not_found', FAMILY_MESSAGES.notLinked);
  });
}

/**
 * `DELETE /users/{id}/guardians/{guardianId}`: a coordinator of the child's school removes a
 * guardian's link. Another school's child is 404 for anyone (scope first), then the role's 403.
 */
export function unlinkByCoordinator(
  db: Db,
  actor: { schoolId: number; actorUserId: number; clientAddress: string; isAdmin: boolean },
  input: { studentId: number; guardianId: number },
): Promise<void> {
  return db.transaction(async (tx) => {
    await requireChildOfSchool(tx, actor.schoolId, input.studentId);
    if (!actor.isAdmin) throw new AppError('forbidden', MESSAGES.forbidden);
    const removed = await removeLink(tx, { ...input, ...actor });
    if (!removed) throw notFound();
  });
}

async function requireChildOfSchool(db: Db, schoolId: number, userId: number): Promise<void> {
  const [child] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
  if (!child) throw notFound();
}

/**
 * `GET /users/{id}/guardians`: who is linked to the child, for the child themself and the staff
 * and admins of their school. Names only.
 */
export async function listGuardians(
  db: Db,
  actor: { schoolId: number; actorUserId: number; mayRead: boolean },
  studentId: number,
): Promise<Guardian[]> {
  const self = actor.actorUserId === studentId;
  if (!self) {
    await requireChildOfSchool(db, actor.schoolId, studentId);
    if (!actor.mayRead) throw new AppError('forbidden', MESSAGES.forbidden);
  }
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      linkedAt: guardianLinks.createdAt,
    })
    .from(guardianLinks)
    .innerJoin(users, eq(users.id, guardianLinks.guardianUserId))
    .where(eq(guardianLinks.studentUserId, studentId))
    .orderBy(asc(guardianLinks.createdAt), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    linked_at: row.linkedAt.toISOString(),
  }));
}
