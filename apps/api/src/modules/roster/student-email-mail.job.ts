import { studentEmailMail } from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schools, users } from '../../db/schema.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { createPasswordReset, resetLink } from '../auth/auth.service.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';

/** The address staff gave a student who had none (decision 0063): its first-password link. */
export const STUDENT_EMAIL_MAIL = jobType<{ userId: number; email: string }>('student-email-mail');

/** A week, as a sign-up's confirmation link: a family may read the mailbox days later. */
const FIRST_PASSWORD_LINK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Mails a password reset link (the reset machinery: hashed single-use token, the reset page) that
 * lasts a week. Like the reset mail, each attempt stores and mails a fresh token. An account whose
 * address changed or went meanwhile gets nothing.
 */
export function studentEmailMailJob(deps: {
  db: Db;
  mailer: Mailer;
  mailUrl: string;
  now: () => Date;
}): JobDefinition<{ userId: number; email: string }> {
  return {
    type: STUDENT_EMAIL_MAIL,
    queue: MAIL_JOB_QUEUE,
    async run({ userId, email }) {
      const [student] = await deps.db
        .select({ email: users.email, firstName: users.firstName, school: schools.name })
        .from(users)
        .innerJoin(schools, eq(schools.id, users.schoolId))
        .where(eq(users.id, userId));
      if (!student || student.email !== email) return;
      const reset = await deps.db.transaction((tx) =>
        createPasswordReset(tx, email, deps.now(), FIRST_PASSWORD_LINK_MS),
      );
      if (!reset) return;
      const mail = studentEmailMail(
        {
          firstName: student.firstName,
          school: student.school,
          link: resetLink(deps.mailUrl, reset.token, email),
          expiresAt: reset.expiresAt,
        },
        speakerOf(reset.language),
      );
      await deps.mailer.send({ to: email, ...mail });
    },
  };
}
