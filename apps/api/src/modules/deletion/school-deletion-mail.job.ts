import { formatSchoolDay, schoolDeletionMail } from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schools, userRoles, users } from '../../db/schema.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';

/** One per closing of a school; the job holds the school's id, no address. */
export const SCHOOL_DELETION_MAIL = jobType<{ schoolId: number }>('school-deletion-mail');

/**
 * Mails every coordinator of a school closed for deletion the day it becomes final and the way
 * to cancel (issue 35 §3), read when it is sent: a deletion cancelled meanwhile mails nobody,
 * each coordinator gets it in their own language, the day is the school's.
 */
export function schoolDeletionMailJob(deps: {
  db: Db;
  mailer: Mailer;
  mailUrl: string;
}): JobDefinition<{ schoolId: number }> {
  return {
    type: SCHOOL_DELETION_MAIL,
    queue: MAIL_JOB_QUEUE,
    async run({ schoolId }) {
      const coordinators = await deps.db
        .select({
          email: users.email,
          firstName: users.firstName,
          language: users.language,
          school: schools.name,
          timeZone: schools.timeZone,
          purgeAfter: schools.purgeAfter,
        })
        .from(users)
        .innerJoin(schools, eq(schools.id, users.schoolId))
        .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
        .where(and(eq(users.schoolId, schoolId), isNotNull(schools.purgeAfter)));
      for (const coordinator of coordinators) {
        if (!coordinator.email || !coordinator.purgeAfter) continue;
        const date = formatSchoolDay(
          coordinator.purgeAfter,
          coordinator.timeZone,
          coordinator.language,
        );
        const cancelLink = `${deps.mailUrl}/school-deletion`;
        await deps.mailer.send({
          to: coordinator.email,
          ...schoolDeletionMail(
            { ...coordinator, date, cancelLink },
            speakerOf(coordinator.language),
          ),
        });
      }
    },
  };
}
