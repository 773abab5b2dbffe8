import type { Language } from '@wellbank/domain';
import {
  INVITATION_LIFETIME_DAYS,
  MESSAGES,
  PENDING_INVITATIONS_MAX,
  type PendingInvitations,
} from '@wellbank/domain';
import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { INVITATION_MAIL } from './invitation-mail.job.ts';
import { studentPlaces } from './student-places.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Pending: not used and not expired, the same test `studentPlaces` counts places by. */
function pendingOf(schoolId: number, now: Date) {
  return and(
    eq(invitations.schoolId, schoolId),
    isNull(invitations.usedAt),
    gt(invitations.expiresAt, now),
  );
}

/**
 * `GET /schools/{id}/invitations` (issue 35 §2): the school's pending invitations, soonest to
 * expire first, at most `PENDING_INVITATIONS_MAX` of them, with their total and the student
 * places they take part of.
 */
export async function listPendingInvitations(
  db: Db,
  options: { schoolId: number; now: Date },
): Promise<PendingInvitations> {
  const { schoolId, now } = options;
  const pending = pendingOf(schoolId, now);
  const rows = await db
    .select({
      id: invitations.id,
      firstName: invitations.firstName,
      lastName: invitations.lastName,
      email: invitations.email,
      role: invitations.role,
      sentAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(pending)
    .orderBy(asc(invitations.expiresAt), asc(invitations.id))
    .limit(PENDING_INVITATIONS_MAX);
  const [total] = await db.select({ n: count() }).from(invitations).where(pending);
  const places = await studentPlaces(db, { schoolId, now, lock: false });
  return {
    invitations: rows.map((row) => ({
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      role: row.role === 'staff' ? 'staff' : 'student',
      sent_at: row.sentAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    })),
    total: total?.n ?? 0,
    student_places: places,
  };
}

/**
 * Re-mails a pending invitation, in one transaction: one atomic update voids its link (the token
 * hash cleared, so the old link finds nothing) and restarts its 14 days, then the invitation mail
 * job makes and mails a fresh token. A used, expired, revoked or other school's invitation
 * matches nothing: 404. A revoke racing it either comes first (this 404s) or deletes the row the
 * job then finds gone (no mail).
 */
export function resendInvitation(
  db: Db,
  actor: AuditActor,
  options: {
    schoolId: number;
    invitationId: number;
    now: Date;
    language: Language;
    jobs: Pick<JobQueue, 'send'>;
  },
): Promise<void> {
  const { schoolId, invitationId, now } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({
        tokenHash: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS),
      })
      .where(and(eq(invitations.id, invitationId), pendingOf(schoolId, now)))
      .returning({ id: invitations.id });
    if (!row) throw new AppError('not_found', MESSAGES.notFound);
    await options.jobs.send(tx, INVITATION_MAIL, { invitationId, language: options.language });
    await recordAudit(tx, { ...actor, action: 'invitation.resend' });
  });
}

/** Deletes a pending invitation with one statement (its link then says invalid), and logs it. */
export function revokeInvitation(
  db: Db,
  actor: AuditActor,
  options: { schoolId: number; invitationId: number; now: Date },
): Promise<void> {
  const { schoolId, invitationId, now } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(invitations)
      .where(and(eq(invitations.id, invitationId), pendingOf(schoolId, now)))
      .returning({ id: invitations.id });
    if (!row) throw new AppError('not_found', MESSAGES.notFound);
    await recordAudit(tx, { ...actor, action: 'invitation.revoke' });
  });
}
