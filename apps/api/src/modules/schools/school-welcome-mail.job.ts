import { joinSchoolUrl, schoolWelcomeMail } from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schools, users } from '../../db/schema.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';

/** One per school sign-up; the job holds the coordinator's id, no address or code. */
export const SCHOOL_WELCOME_MAIL = jobType<{ userId: number }>('school-welcome-mail');

/**
 * Mails the coordinator their school's join code and link (decision 0061), read when it is sent:
 * to the address and in the language the account has then; a deleted account gets nothing.
 */
export function schoolWelcomeMailJob(deps: {
  db: Db;
  mailer: Mailer;
  mailUrl: string;
}): JobDefinition<{ userId: number }> {
  return {
    type: SCHOOL_WELCOME_MAIL,
    queue: MAIL_JOB_QUEUE,
    async run({ userId }) {
      const [coordinator] = await deps.db
        .select({
          email: users.email,
          firstName: users.firstName,
          language: users.language,
          school: schools.name,
          code: schools.code,
        })
        .from(users)
        .innerJoin(schools, eq(schools.id, users.schoolId))
        .where(eq(users.id, userId));
      // A coordinator signs up with an address; only a student may have none (decision 0063).
      if (!coordinator?.email) return;
      const joinLink = joinSchoolUrl(deps.mailUrl, coordinator.code);
      await deps.mailer.send({
        to: coordinator.email,
        ...schoolWelcomeMail({ ...coordinator, joinLink }, speakerOf(coordinator.language)),
      });
    },
  };
}
