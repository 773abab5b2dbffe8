import { passwordResetMail } from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import type { Db } from '../../db/client.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createPasswordReset, resetLink } from './auth.service.ts';

/**
 * Forgot-password enqueues this whether or not the address has an account, so the request does
 * the same work either way; only the job looks the address up (README.md beside this file).
 */
export const PASSWORD_RESET_MAIL = jobType<{ email: string }>('password-reset-mail');

export function passwordResetMailJob(deps: {
  db: Db;
  mailer: Mailer;
  /** Base of the reset link: APP_URL, else the server's own address (server.ts). */
  mailUrl: string;
  now: () => Date;
}): JobDefinition<{ email: string }> {
  return {
    type: PASSWORD_RESET_MAIL,
    queue: MAIL_JOB_QUEUE,
    async run({ email }) {
      // Each attempt stores and mails a fresh token, so no plain token is ever stored (only its
      // hash); the links of failed attempts never reached anyone and expire within the hour.
      const reset = await deps.db.transaction((tx) => createPasswordReset(tx, email, deps.now()));
      if (!reset) return;
      const link = resetLink(deps.mailUrl, reset.token, email);
      await deps.mailer.send({ to: email, ...passwordResetMail(link, speakerOf(reset.language)) });
    },
  };
}
