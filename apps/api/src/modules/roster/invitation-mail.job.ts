import { invitationMail, type Language } from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations, schools } from '../../db/schema.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';

/** One per invited person; the job holds the invitation's id, no e-mail address. */
export const INVITATION_MAIL = jobType<InvitationMailData>('invitation-mail');

/** The importer's language; jobs queued before it was carried have none (English). */
interface InvitationMailData {
  invitationId: number;
  language?: Language;
}

export function invitationLink(mailUrl: string, token: string): string {
  return `${mailUrl}/sign-up/invite/${token}`;
}

/**
 * Mails an invitation's link. Like the reset mail, each attempt stores the hash of a fresh token
 * and mails that token, so no usable token is ever stored; an invitation used or expired meanwhile
 * is not mailed.
 */
export function invitationMailJob(deps: {
  db: Db;
  mailer: Mailer;
  mailUrl: string;
  now: () => Date;
}): JobDefinition<InvitationMailData> {
  return {
    type: INVITATION_MAIL,
    queue: MAIL_JOB_QUEUE,
    // An import enqueues thousands at once; a send mostly waits on the SMTP server.
    concurrency: 2,
    async run({ invitationId, language = 'en' }) {
      const token = newToken();
      const [invitation] = await deps.db
        .update(invitations)
        .set({ tokenHash: hashToken(token) })
        .where(
          and(
            eq(invitations.id, invitationId),
            isNull(invitations.usedAt),
            gt(invitations.expiresAt, deps.now()),
          ),
        )
        .returning({
          email: invitations.email,
          firstName: invitations.firstName,
          expiresAt: invitations.expiresAt,
          school: sql<string>`(select ${schools.name} from ${schools} where ${schools.id} = ${invitations.schoolId})`,
        });
      if (!invitation) return;
      const link = invitationLink(deps.mailUrl, token);
      await deps.mailer.send({
        to: invitation.email,
        ...invitationMail({ ...invitation, link }, speakerOf(language)),
      });
    },
  };
}
