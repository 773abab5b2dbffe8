import { RETENTION_DEFAULTS, type RetentionSettings } from '@wellbank/domain';
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
        })
        .from(users)
        .where(eq(users.id, userId));
      // Deleted meanwhile, or signed in since the notice: nothing to say.
      if (!user?.noticeAt || user.noticeAt < user.lastSeenAt) return;
      const deleteOn = deletionDate(user.lastSeenAt, user.noticeAt, settings);
      await deps.mailer.send({
        to: user.email,
        subject: 'Your Wellbank account will be deleted',
        text: noticeText(user.firstName, deleteOn, `${deps.mailUrl}/login`),
      });
    },
  };
}

function noticeText(firstName: string, deleteOn: Date, loginLink: string): string {
  const day = deleteOn.toISOString().slice(0, 10);
  return [
    `Hello ${firstName},`,
    '',
    'Nobody has signed in to your Wellbank account for a long time. As our privacy policy says,',
    `we delete accounts that are not used: yours will be deleted on or after ${day}, with`,
    'everything it logged.',
    '',
    'To keep it, sign in before then:',
    loginLink,
    '',
    'If you no longer need it, do nothing.',
  ].join('\n');
}
