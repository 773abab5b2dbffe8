import { inactivityNoticeMail, RETENTION_DEFAULTS, type RetentionSettings } from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { deletionDate } from './retention-dates.ts';

/** The job carries the account's id, not its address: the address is read when the mail goes. */
export const INACTIVITY_NOTICE_MAIL = jobType<{ userId: number }>('inactivity-notice-mail');

export function inactivityNoticeMailJob(deps: {
  db: Db;
  mailer: Mailer;
  mailUrl: string;
  retention?: RetentionSettings;
}): JobDefinition<{ userId: number }> {
  const settings = deps.retention ?? RETENTION_DEFAULTS;
  return {
    type: INACTIVITY_NOTICE_MAIL,
    queue: MAIL_JOB_QUEUE,
    async run({ userId }) {
      const [user] = await deps.db
        .select({
          email: users.email,
          firstName: users.firstName,
          lastSeenAt: users.lastSeenAt,
          noticeAt: users.inactivityNoticeAt,
          language: users.language,
          emailConfirmedAt: users.emailConfirmedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      // Deleted meanwhile, or signed in since the notice: nothing to say. An address nobody
      // confirmed gets no mail but its confirmation and a reset (decision 0044); an account
      // without one (decision 0063) gets none.
      if (!user?.noticeAt || user.noticeAt < user.lastSeenAt) return;
      if (!user.email || !user.emailConfirmedAt) return;
      const deleteOn = deletionDate(user.lastSeenAt, user.noticeAt, settings);
      const notice = { firstName: user.firstName, deleteOn, loginLink: `${deps.mailUrl}/login` };
      await deps.mailer.send({
        to: user.email,
        ...inactivityNoticeMail(notice, speakerOf(user.language)),
      });
    },
  };
}
