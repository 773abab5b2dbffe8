import {
  centsToDollars,
  formatCents,
  formatCount,
  formatSchoolDay,
  type Language,
  type PaymentReceipt,
  type SchoolPayment,
  tierFor,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions, payments, schools, teams } from '../../db/schema.ts';

/** A payment as its receipt needs it, whoever reads it (the payer's mail, the coordinator's copy). */
export interface ReceiptPayment {
  id: number;
  userId: number | null;
  schoolId: number;
  kind: 'subscription' | 'donation';
  duplicate: boolean;
  school: string;
  timeZone: string;
  team: string | null;
  amountCents: number;
  paidAt: Date;
  reference: string;
  numStudents: number | null;
  upgradesFrom: number;
}

export async function findReceiptPayment(
  db: Db,
  paymentId: number,
): Promise<ReceiptPayment | undefined> {
  const [row] = await db
    .select({
      id: payments.id,
      userId: payments.userId,
      schoolId: payments.schoolId,
      kind: payments.kind,
      duplicate: payments.duplicate,
      school: schools.name,
      timeZone: schools.timeZone,
      team: teams.name,
      amountCents: payments.amountCents,
      paidAt: payments.createdAt,
      reference: payments.checkoutSessionId,
      numStudents: checkoutSessions.numStudents,
      upgradesFrom: payments.upgradesFrom,
    })
    .from(payments)
    .innerJoin(schools, eq(schools.id, payments.schoolId))
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, payments.checkoutSessionId))
    .leftJoin(teams, eq(teams.id, payments.teamId))
    .where(eq(payments.id, paymentId));
  return row;
}

/** The receipt's values written in `language`: the one source of the mail and the download. */
export function receiptOf(paid: ReceiptPayment, language: Language): PaymentReceipt {
  // A subscription buys its whole tier: paid for 250, it covers up to 300.
  const students = () => {
    const tier = paid.numStudents === null ? undefined : tierFor(paid.numStudents);
    return formatCount(tier?.max_students ?? paid.numStudents ?? 0, language);
  };
  const buys: PaymentReceipt['buys'] =
    paid.kind === 'donation'
      ? { kind: 'donation', team: paid.team ?? '' }
      : paid.upgradesFrom > 0
        ? { kind: 'upgrade', from: formatCount(paid.upgradesFrom, language), students: students() }
        : { kind: 'subscription', students: students() };
  return {
    school: paid.school,
    amount: formatCents(paid.amountCents, language),
    date: formatSchoolDay(paid.paidAt, paid.timeZone, language),
    number: String(paid.id),
    reference: paid.reference,
    buys,
  };
}

/** The school's counted subscription payments (the first, then its upgrades), oldest first. */
export async function listSchoolPayments(db: Db, schoolId: number): Promise<SchoolPayment[]> {
  const rows = await db
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      paidAt: payments.createdAt,
      numStudents: checkoutSessions.numStudents,
      upgradesFrom: payments.upgradesFrom,
    })
    .from(payments)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, payments.checkoutSessionId))
    .where(countedSubscriptionOf(schoolId))
    .orderBy(payments.id);
  return rows.map((row) => ({
    id: row.id,
    amount: centsToDollars(row.amountCents),
    paid_at: row.paidAt.toISOString(),
    num_students: row.numStudents ?? 0,
    upgraded_from: row.upgradesFrom > 0 ? row.upgradesFrom : null,
  }));
}

/** Whether a receipt is one the school's coordinators may download: one listed above. */
export function isSchoolReceipt(paid: ReceiptPayment | undefined, schoolId: number) {
  return paid?.schoolId === schoolId && paid.kind === 'subscription' && !paid.duplicate;
}

/** A school's counted subscription payments: the first and its upgrades, no duplicate. */
export function countedSubscriptionOf(schoolId: number) {
  return and(
    eq(payments.schoolId, schoolId),
    eq(payments.kind, 'subscription'),
    eq(payments.duplicate, false),
  );
}
