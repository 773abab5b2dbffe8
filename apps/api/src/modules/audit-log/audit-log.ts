import type { AuditAction, AuditTargetKind } from '@wellbank/domain';
import { and, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { clientAddress } from '../../http/client-address.ts';
import { currentUser } from '../auth/authenticate.ts';

/**
 * One entry of the activity log (decision 0025): ids only, no names, e-mails or tokens. Written
 * on the transaction of the action it records, so a rolled-back action leaves no entry.
 */
export interface AuditRecord {
  action: AuditAction;
  /** Null only for an entry no school may read (a failed sign-in with an unknown e-mail). */
  schoolId: number | null;
  /** Null when no signed-in person acted: a failed sign-in. */
  actorUserId: number | null;
  /** The client address (`http/client-address.ts`); null when no client asked (a webhook). */
  clientAddress: string | null;
  target?: { kind: AuditTargetKind; id: number } | undefined;
  detail?: string | undefined;
}

/**
 * Who is acting in a signed-in request, where from: spread it into `recordAudit`'s entry, e.g.
 * `recordAudit(tx, { ...auditActor(request), action: 'user.export', target })`.
 */
export function auditActor(request: FastifyRequest) {
  const user = currentUser(request);
  return { schoolId: user.schoolId, actorUserId: user.id, clientAddress: clientAddress(request) };
}

/** Who acts, as a plain value: routes read it with `auditActor`, services write it in their entries. */
export type AuditActor = ReturnType<typeof auditActor>;

/**
 * One insert through the query builder, so it joins the Drizzle transaction of the action it
 * records (the prepared path cannot: decision 0012).
 */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    schoolId: entry.schoolId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetKind: entry.target?.kind ?? null,
    targetId: entry.target?.id ?? null,
    detail: entry.detail ?? null,
    clientAddress: entry.clientAddress,
  });
}

/**
 * Maintenance: school-less entries (failed sign-ins with an unknown e-mail, which no school reads)
 * are kept 90 days. The database's clock decides, as in the trigger of migration 0008 that allows
 * exactly these deletions: the two must say the same 90 days.
 */
export async function deleteExpiredSchoolLessEntries(db: Db): Promise<number> {
  const deleted = await db
    .delete(auditLog)
    .where(and(isNull(auditLog.schoolId), lt(auditLog.at, sql`now() - interval '90 days'`)))
    .returning({ id: auditLog.id });
  return deleted.length;
}
