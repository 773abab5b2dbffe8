import { PAYMENT_MESSAGES, type Payment } from '@wellbank/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { type ReceiptJobs, recordPayment } from './payments.service.ts';

/**
 * Pays a session on the built-in test checkout, in one transaction: the session is marked paid
 * (an expired one is refused, 409) and its payment recorded as the provider's would be. Paying
 * twice records nothing new.
 */
export function payLocalCheckout(
  db: Db,
  jobs: ReceiptJobs,
  options: { sessionId: string; clientAddress: string },
): Promise<{ payment: Payment; created: boolean }> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(checkoutSessions)
      .set({ status: 'paid' })
      .where(
        and(
          eq(checkoutSessions.id, options.sessionId),
          inArray(checkoutSessions.status, ['open', 'paid']),
        ),
      )
      .returning();
    if (!paid) throw new AppError('conflict', PAYMENT_MESSAGES.checkoutExpired);
    return recordPayment(tx, jobs, paid, options.clientAddress);
  });
}
