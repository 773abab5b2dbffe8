import {
  GUARDIAN_RIGHTS_MESSAGES,
  type GuardianDeletionRequest,
  type OpenDeletionRequest,
} from '@wellbank/domain';
import { aliasedTable, and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deletionRequests, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { deleteUser } from '../deletion/user-deletion.service.ts';
import { readGuardianExport, type UserExport } from '../exports/user-export-sections.ts';
import { linkedChildSchoolId } from './guardian-links.service.ts';

/*
 * A guardian's rights over their child's data (issue 36 §2, decision 0081): the child's export
 * without stress, and a request to the school to delete it, which the coordinator carries out
 * with today's deletion of a student, or declines.
 */

/**
 * `GET /family/children/{id}/export`: the child's own export as a guardian may read it (no stress,
 * no figure that holds it), logged in the child's school. 404 for a child not linked to them.
 */
export async function exportChildForGuardian(
  db: Db,
  actor: AuditActor,
  input: { studentId: number; now: Date },
): Promise<UserExport> {
  const { studentId, now } = input;
  const schoolId = await linkedChildSchoolId(db, { guardianId: actor.actorUserId, studentId });
  await recordAudit(db, {
    ...actor,
    schoolId,
    action: 'user.export',
    target: { kind: 'user', id: studentId },
  });
  return readGuardianExport(db, studentId, now);
}

/**
 * `POST /family/children/{id}/deletion-requests`: one open request per child, whoever asks (the
 * partial unique index decides, so two at once make one; the other is 409).
 */
export function requestChildDeletion(
  db: Db,
  actor: AuditActor,
  input: { studentId: number; now: Date },
): Promise<GuardianDeletionRequest> {
  const { studentId, now } = input;
  return db.transaction(async (tx) => {
    const schoolId = await linkedChildSchoolId(tx, { guardianId: actor.actorUserId, studentId });
    const [made] = await tx
      .insert(deletionRequests)
      .values({
        schoolId,
        studentUserId: studentId,
        guardianUserId: actor.actorUserId,
        requestedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: deletionRequests.id });
    if (!made) throw new AppError('conflict', GUARDIAN_RIGHTS_MESSAGES.alreadyOpen);
    await recordAudit(tx, {
      ...actor,
      schoolId,
      action: 'deletion_request.create',
      target: { kind: 'user', id: studentId },
    });
    const [request] = await guardianRequests(tx, actor.actorUserId, made.id);
    if (!request) throw new Error('deletion request not found after insert');
    return request;
  });
}

const child = aliasedTable(users, 'child');

/** The guardian's requests, newest first (or the one `requestId`). */
function guardianRequests(
  db: Db,
  guardianId: number,
  requestId?: number,
): Promise<GuardianDeletionRequest[]> {
  return db
    .select({
      id: deletionRequests.id,
      childId: child.id,
      firstName: child.firstName,
      lastName: child.lastName,
      status: deletionRequests.status,
      requestedAt: deletionRequests.requestedAt,
      decidedAt: deletionRequests.decidedAt,
    })
    .from(deletionRequests)
    .leftJoin(child, eq(child.id, deletionRequests.studentUserId))
    .where(
      and(
        eq(deletionRequests.guardianUserId, guardianId),
        requestId === undefined ? undefined : eq(deletionRequests.id, requestId),
      ),
    )
    .orderBy(desc(deletionRequests.id))
    .then((rows) =>
      rows.map((row) => ({
        id: row.id,
        child:
          row.childId === null
            ? null
            : { id: row.childId, first_name: row.firstName ?? '', last_name: row.lastName ?? '' },
        status: row.status,
        requested_at: row.requestedAt.toISOString(),
        decided_at: row.decidedAt?.toISOString() ?? null,
      })),
    );
}

/** `GET /family/deletion-requests`: what became of the guardian's requests. */
export function listGuardianDeletionRequests(
  db: Db,
  guardianId: number,
): Promise<GuardianDeletionRequest[]> {
  return guardianRequests(db, guardianId);
}

const guardian = aliasedTable(users, 'guardian');

/** `GET /schools/{id}/deletion-requests`: the school's open requests, oldest first (admins). */
export async function listOpenDeletionRequests(
  db: Db,
  schoolId: number,
): Promise<OpenDeletionRequest[]> {
  const rows = await db
    .select({
      id: deletionRequests.id,
      childId: child.id,
      childFirst: child.firstName,
      childLast: child.lastName,
      guardianFirst: guardian.firstName,
      guardianLast: guardian.lastName,
      requestedAt: deletionRequests.requestedAt,
    })
    .from(deletionRequests)
    .innerJoin(child, eq(child.id, deletionRequests.studentUserId))
    .innerJoin(guardian, eq(guardian.id, deletionRequests.guardianUserId))
    .where(and(eq(deletionRequests.schoolId, schoolId), eq(deletionRequests.status, 'open')))
    .orderBy(asc(deletionRequests.id));
  return rows.map((row) => ({
    id: row.id,
    child: { id: row.childId, first_name: row.childFirst, last_name: row.childLast },
    guardian: { first_name: row.guardianFirst, last_name: row.guardianLast },
    requested_at: row.requestedAt.toISOString(),
  }));
}

/**
 * `POST /schools/{id}/deletion-requests/{requestId}/decision`: the coordinator decides an open
 * request of their school. The request is closed by one conditional update (two decisions at
 * once: the second finds it answered, 409), then "delete" deletes the child by `deleteUser`, the
 * one deletion path, in the same transaction. Both are logged: `user.delete` or
 * `deletion_request.decline`, target the child.
 */
export function decideDeletionRequest(
  db: Db,
  actor: AuditActor,
  input: { requestId: number; decision: 'delete' | 'decline'; now: Date },
): Promise<void> {
  const { requestId, decision, now } = input;
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(deletionRequests)
      .set({
        status: decision === 'delete' ? 'done' : 'declined',
        decidedAt: now,
        decidedBy: actor.actorUserId,
      })
      .where(
        and(
          eq(deletionRequests.id, requestId),
          eq(deletionRequests.schoolId, actor.schoolId),
          eq(deletionRequests.status, 'open'),
        ),
      )
      .returning({ studentId: deletionRequests.studentUserId });
    if (!closed?.studentId) {
      const [known] = await tx
        .select({ id: deletionRequests.id })
        .from(deletionRequests)
        .where(
          and(eq(deletionRequests.id, requestId), eq(deletionRequests.schoolId, actor.schoolId)),
        );
      if (!known) throw notFound();
      throw new AppError('conflict', GUARDIAN_RIGHTS_MESSAGES.notOpen);
    }
    const target = { kind: 'user', id: closed.studentId } as const;
    if (decision === 'delete') await deleteUser(tx, closed.studentId);
    const action = decision === 'delete' ? 'user.delete' : 'deletion_request.decline';
    await recordAudit(tx, { ...actor, action, target });
  });
}
