import {
  formatCents,
  formatCount,
  formatSchoolDay,
  paymentReceiptMail,
  tierFor,
} from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions, payments, schools, teams, users } from '../../db/schema.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';

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
      const [paid] = await deps.db
        .select({
          email: users.email,
          firstName: users.firstName,
          language: users.language,
          school: schools.name,
          timeZone: schools.timeZone,
          team: teams.name,
          kind: payments.kind,
          amountCents: payments.amountCents,
          paidAt: payments.createdAt,
          reference: payments.checkoutSessionId,
          numStudents: checkoutSessions.numStudents,
        })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .innerJoin(schools, eq(schools.id, payments.schoolId))
        .innerJoin(checkoutSessions, eq(checkoutSessions.id, payments.checkoutSessionId))
        .leftJoin(teams, eq(teams.id, payments.teamId))
        .where(eq(payments.id, paymentId));
      if (!paid?.email) return;
      const { language } = paid;
      const tier = paid.numStudents === null ? undefined : tierFor(paid.numStudents);
      const buys =
        paid.kind === 'subscription'
          ? {
              kind: 'subscription' as const,
              students: formatCount(tier?.max_students ?? paid.numStudents ?? 0, language),
            }
          : { kind: 'donation' as const, team: paid.team ?? '' };
      await deps.mailer.send({
        to: paid.email,
        ...paymentReceiptMail(
          {
            firstName: paid.firstName,
            school: paid.school,
            amount: formatCents(paid.amountCents, language),
            date: formatSchoolDay(paid.paidAt, paid.timeZone, language),
            reference: paid.reference,
            buys,
          },
          speakerOf(language),
        ),
      });
    },
  };
}
