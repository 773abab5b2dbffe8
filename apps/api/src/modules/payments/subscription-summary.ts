import { centsToDollars, type SubscriptionSummary } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions, payments } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { studentPlaces } from '../roster/student-places.ts';

/**
 * What a school paid for its subscription (the one payment that is not a duplicate) and the
 * student places it covers and uses, counted as the roster import and the joins count them. Its
 * route is gated (402 until paid), so a school without the payment is not found.
 */
export async function subscriptionSummary(
  db: Db,
  schoolId: number,
  now: Date,
): Promise<SubscriptionSummary> {
  const [paid] = await db
    .select({
      numStudents: checkoutSessions.numStudents,
      amountCents: payments.amountCents,
      paidAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, payments.checkoutSessionId))
    .where(
      and(
        eq(payments.schoolId, schoolId),
        eq(payments.kind, 'subscription'),
        eq(payments.duplicate, false),
      ),
    );
  if (!paid) throw notFound();
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
