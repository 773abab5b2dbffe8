import { centsToDollars, type SubscriptionSummary } from '@wellbank/domain';
import { eq, max, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions, payments } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { studentPlaces } from '../roster/student-places.ts';
import { countedSubscriptionOf } from './receipts.ts';

/**
 * What a school paid for its subscription (its counted payments: the first and its upgrades, no
 * duplicate) and the student places it covers and uses, counted as the roster import and the
 * joins count them. Its route is gated (402 until paid), so a school without one is not found.
 */
export async function subscriptionSummary(
  db: Db,
  schoolId: number,
  now: Date,
): Promise<SubscriptionSummary> {
  const [paid] = await db
    .select({
      numStudents: max(checkoutSessions.numStudents),
      amountCents: sum(payments.amountCents).mapWith(Number),
      paidAt: max(payments.createdAt),
    })
    .from(payments)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, payments.checkoutSessionId))
    .where(countedSubscriptionOf(schoolId));
  if (!paid?.paidAt) throw notFound();
  const places = await studentPlaces(db, { schoolId, now, lock: false });
  return {
    payment: {
      num_students: paid.numStudents ?? 0,
      amount: centsToDollars(paid.amountCents),
      paid_at: paid.paidAt.toISOString(),
    },
    student_cap: places.cap,
    seats_used: places.taken,
  };
}
