import { emailChangeNoticeMail, emailConfirmationMail } from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createEmailLink, emailLinkUrl } from './email-links.service.ts';

/** A sign-up's address, or a profile's new one: the address is stored nowhere else until then. */
export const EMAIL_CONFIRMATION_MAIL = jobType<{ userId: number; email: string }>(
  'email-confirmation-mail',
);

/** To the address a profile change would leave, with the link that undoes it. */
export const EMAIL_CHANGE_NOTICE_MAIL = jobType<{
  userId: number;
  oldEmail: string;
  newEmail: string;
}>('email-change-notice-mail');

interface MailJobDeps {
  db: Db;
  mailer: Mailer;
  mailUrl: string;
  now: () => Date;
}

async function recipient(db: Db, userId: number) {
  const [user] = await db
    .select({
      firstName: users.firstName,
      language: users.language,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/**
 * Like the reset mail, each attempt stores the hash of a fresh token and mails that token, so no
 * usable token is ever stored; a deleted account, or an address confirmed meanwhile, gets nothing.
 */
export function emailConfirmationMailJob(
  deps: MailJobDeps,
): JobDefinition<{ userId: number; email: string }> {
  return {
    type: EMAIL_CONFIRMATION_MAIL,
    queue: MAIL_JOB_QUEUE,
    async run({ userId, email }) {
      const user = await recipient(deps.db, userId);
      if (!user || (user.email === email && user.emailConfirmedAt)) return;
      const now = deps.now();
      const token = await createEmailLink(deps.db, { userId, kind: 'confirm', email, now });
      const link = emailLinkUrl(deps.mailUrl, 'confirm', token);
      await deps.mailer.send({
        to: email,
        ...emailConfirmationMail(link, speakerOf(user.language)),
      });
    },
  };
}

export function emailChangeNoticeMailJob(
  deps: MailJobDeps,
): JobDefinition<{ userId: number; oldEmail: string; newEmail: string }> {
  return {
    type: EMAIL_CHANGE_NOTICE_MAIL,
    queue: MAIL_JOB_QUEUE,
    async run({ userId, oldEmail, newEmail }) {
      const user = await recipient(deps.db, userId);
      if (!user) return;
      const now = deps.now();
      const token = await createEmailLink(deps.db, { userId, kind: 'undo', email: oldEmail, now });
      const undoLink = emailLinkUrl(deps.mailUrl, 'undo', token);
      const notice = { firstName: user.firstName, newEmail, undoLink };
      await deps.mailer.send({
        to: oldEmail,
        ...emailChangeNoticeMail(notice, speakerOf(user.language)),
      });
    },
  };
}
