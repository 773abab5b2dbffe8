import { paymentReceiptMail } from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findReceiptPayment, receiptOf } from './receipts.ts';

/** One per recorded payment; the job holds the payment's id, no address. */
export const PAYMENT_RECEIPT_MAIL = jobType<{ paymentId: number }>('payment-receipt-mail');

/**
 * Mails the payer a receipt of a payment (issue 35 §1), read when it is sent: to the address and
 * in the language the account has then, the day on the school's calendar; a payer whose account
 * is gone, or who has no address, gets nothing.
 */
export function paymentReceiptMailJob(deps: {
  db: Db;
  mailer: Mailer;
}): JobDefinition<{ paymentId: number }> {
  return {
    type: PAYMENT_RECEIPT_MAIL,
    queue: MAIL_JOB_QUEUE,
    async run({ paymentId }) {
      const paid = await findReceiptPayment(deps.db, paymentId);
      if (paid?.userId == null) return;
      const [payer] = await deps.db
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, paid.userId));
      if (!payer?.email) return;
      await deps.mailer.send({
        to: payer.email,
        ...paymentReceiptMail(
          { firstName: payer.firstName, ...receiptOf(paid, payer.language) },
          speakerOf(payer.language),
        ),
      });
    },
  };
}
