import type { AuditAction, AuditTargetKind } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queryPreparedSql } from '../../db/prepared.ts';
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

/** One insert, prepared once per connection: a few hundredths of a millisecond (decision 0025). */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  await queryPreparedSql(
    db,
    sql`insert into audit_log
      (school_id, actor_user_id, action, target_kind, target_id, detail, client_address)
      values (${entry.schoolId}, ${entry.actorUserId}, ${entry.action},
        ${entry.target?.kind ?? null}, ${entry.target?.id ?? null}, ${entry.detail ?? null},
        ${entry.clientAddress})`,
  );
}

/**
 * Maintenance: school-less entries (failed sign-ins with an unknown e-mail, which no school reads)
 * are kept 90 days. The database's clock decides, as in the trigger of migration 0008 that allows
 * exactly these deletions: the two must say the same 90 days.
 */
export async function deleteExpiredSchoolLessEntries(db: Db): Promise<number> {
  const deleted = await queryPreparedSql(
    db,
    sql`delete from audit_log where school_id is null and at < now() - interval '90 days'
      returning id`,
  );
  return deleted.length;
}
