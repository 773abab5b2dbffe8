import {
  type ConsentKind,
  type ConsentRecord,
  consentAuditDetail,
  INVALID_CURSOR_MESSAGE,
  MESSAGES,
  POLICY_VERSION,
  type PolicyConsent,
} from '@wellbank/domain';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consents, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../audit-log/audit-log.ts';

/**
 * Stores what a person agreed to, in the caller's transaction (the sign-up's, so an account never
 * exists without its agreement): the current POLICY_VERSION, the time, the person and the client
 * address (decision 0024), and its line in the school's activity log (decision 0025).
 */
export async function recordConsents(
  tx: Db,
  options: { userId: number; kinds: ConsentKind[]; clientAddress: string; now: Date },
): Promise<void> {
  const [person] = await tx
    .select({ schoolId: users.schoolId, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!person) throw new Error(`no user ${options.userId} to record a consent of`);
  await tx.insert(consents).values(
    options.kinds.map((kind) => ({
      schoolId: person.schoolId,
      userId: options.userId,
      personName: `${person.firstName} ${person.lastName}`,
      kind,
      textVersion: POLICY_VERSION,
      agreedAt: options.now,
      clientAddress: options.clientAddress,
    })),
  );
  await recordAudit(tx, {
    action: 'consent.agree',
    schoolId: person.schoolId,
    actorUserId: options.userId,
    clientAddress: options.clientAddress,
    detail: consentAuditDetail(options.kinds, POLICY_VERSION),
  });
}

export type StressConsentKind = Extract<ConsentKind, `stress_${string}`>;

/**
 * Records a choice about the stress check-in (decision 0073) in the caller's transaction: the
 * school's switch, or a student's opt-out or opt-in, with who made it, when, about which student,
 * and the version of the notice shown (STRESS_NOTICE_VERSION). Its activity-log entry is the
 * caller's, which knows the action.
 */
export async function recordStressChoice(
  tx: Db,
  choice: {
    by: { actorUserId: number; schoolId: number; clientAddress: string };
    kind: StressConsentKind;
    studentId?: number;
    noticeVersion: string;
    now: Date;
  },
): Promise<void> {
  const [person] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, choice.by.actorUserId));
  await tx.insert(consents).values({
    schoolId: choice.by.schoolId,
    userId: choice.by.actorUserId,
    personName: person ? `${person.firstName} ${person.lastName}` : '',
    kind: choice.kind,
    textVersion: choice.noticeVersion,
    agreedAt: choice.now,
    clientAddress: choice.by.clientAddress,
    studentId: choice.studentId ?? null,
  });
}

/** The version of the policies the user last agreed to, and whether the current one is newer. */
export async function findPolicyConsent(db: Db, userId: number): Promise<PolicyConsent> {
  const [latest] = await db
    .select({ version: consents.textVersion })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, 'policies')))
    .orderBy(desc(consents.id))
    .limit(1);
  const agreed = latest?.version ?? null;
  return {
    current_version: POLICY_VERSION,
    agreed_version: agreed,
    due: agreed !== POLICY_VERSION,
  };
}

/**
 * The user agrees to the current policies again, in one transaction. The version they read must be
 * the current one: a page left open across a policy change would otherwise record agreement to a
 * text not shown.
 */
export function agreeToPolicies(
  db: Db,
  options: { userId: number; version: string; clientAddress: string; now: Date },
): Promise<PolicyConsent> {
  return db.transaction(async (tx) => {
    if (options.version !== POLICY_VERSION) {
      throw new AppError('conflict', MESSAGES.policyVersionChanged);
    }
    await recordConsents(tx, { ...options, kinds: ['policies'] });
    return { current_version: POLICY_VERSION, agreed_version: POLICY_VERSION, due: false };
  });
}

/**
 * A page of the school's Consent record, newest first (by id, which grows with time). The cursor
 * is the last id of the page before, opaque to clients.
 */
export async function listSchoolConsentsPage(
  db: Db,
  options: { schoolId: number; limit: number; cursor?: string },
): Promise<{ rows: ConsentRecord[]; total: number; nextCursor?: string }> {
  const after = options.cursor === undefined ? undefined : decodeConsentCursor(options.cursor);
  const rows = await db
    .select({
      row: consents,
      studentName: sql<string | null>`(select ${users.firstName} || ' ' || ${users.lastName}
        from ${users} where ${users.id} = ${consents.studentId})`,
    })
    .from(consents)
    .where(
      and(
        eq(consents.schoolId, options.schoolId),
        after === undefined ? undefined : lt(consents.id, after),
      ),
    )
    .orderBy(desc(consents.id))
    .limit(options.limit + 1);
  const [totals] = await db
    .select({ total: count() })
    .from(consents)
    .where(eq(consents.schoolId, options.schoolId));
  const page = rows.slice(0, options.limit);
  const last = page.at(-1)?.row;
  return {
    rows: page.map(({ row, studentName }) => ({
      id: row.id,
      kind: row.kind,
      text_version: row.textVersion,
      agreed_at: row.agreedAt.toISOString(),
      person_name: row.personName,
      user_id: row.userId,
      client_address: row.clientAddress,
      student_id: row.studentId,
      student_name: studentName,
    })),
    total: totals?.total ?? 0,
    nextCursor: rows.length > options.limit && last ? encodeConsentCursor(last.id) : undefined,
  };
}

function encodeConsentCursor(id: number): string {
  return Buffer.from(`consents:${id}`).toString('base64url');
}

function decodeConsentCursor(cursor: string): number {
  const match = /^consents:([1-9][0-9]{0,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const id = Number(match?.[1]);
  if (!match || id > 2_147_483_647) throw new AppError('unprocessable', INVALID_CURSOR_MESSAGE);
  return id;
}
