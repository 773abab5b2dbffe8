import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations, schools } from '../../db/schema.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { MAIL_JOB_QUEUE } from '../mail/mail-job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';

/** One per invited person; the job holds the invitation's id, no e-mail address. */
export const INVITATION_MAIL = jobType<{ invitationId: number }>('invitation-mail');

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
}): JobDefinition<{ invitationId: number }> {
  return {
    type: INVITATION_MAIL,
    queue: MAIL_JOB_QUEUE,
    // An import enqueues thousands at once; a send mostly waits on the SMTP server.
    concurrency: 2,
    async run({ invitationId }) {
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
      await deps.mailer.send({
        to: invitation.email,
        subject: `Join ${invitation.school} on Wellbank`,
        text: invitationText({ ...invitation, link: invitationLink(deps.mailUrl, token) }),
      });
    },
  };
}

function invitationText(invitation: {
  firstName: string;
  school: string;
  link: string;
  expiresAt: Date;
}): string {
  const until = invitation.expiresAt.toISOString().slice(0, 10);
  return [
    `Hello ${invitation.firstName},`,
    '',
    `${invitation.school} invites you to Wellbank, its wellness and points tracker.`,
    `Choose your password here (the link works once, until ${until}):`,
    invitation.link,
    '',
    'No school code is needed. If you did not expect this e-mail, ignore it.',
  ].join('\n');
}
