import { talkRequestMail } from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { talkRequests, users } from '../../db/schema.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';

/** One per talk request; the job holds the request's id, no name or address. */
export const TALK_REQUEST_MAIL = jobType<{ requestId: number }>('talk-request-mail');

/**
 * Mails each of the school's counsellors that a child asked for a talk: the child's name only
 * (decision 0073). Read when sent: a request handled or deleted by then mails nobody.
 */
export function talkRequestMailJob(deps: {
  db: Db;
  mailer: Mailer;
}): JobDefinition<{ requestId: number }> {
  return {
    type: TALK_REQUEST_MAIL,
    queue: MAIL_JOB_QUEUE,
    async run({ requestId }) {
      const [request] = await deps.db
        .select({
          schoolId: talkRequests.schoolId,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(talkRequests)
        .innerJoin(users, eq(users.id, talkRequests.userId))
        .where(and(eq(talkRequests.id, requestId), isNull(talkRequests.handledAt)));
      if (!request) return;
      const counsellors = await deps.db
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(
          and(
            eq(users.schoolId, request.schoolId),
            eq(users.isCounsellor, true),
            eq(users.isStaff, true),
            isNotNull(users.email),
          ),
        );
      const student = `${request.firstName} ${request.lastName}`;
      for (const counsellor of counsellors) {
        if (!counsellor.email) continue;
        const mail = talkRequestMail(
          { firstName: counsellor.firstName, student },
          speakerOf(counsellor.language),
        );
        await deps.mailer.send({ to: counsellor.email, ...mail });
      }
    },
  };
}
