import { ACCOUNT_EMAIL_MESSAGES, MESSAGES } from '@wellbank/domain';
import { and, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailLinks, invitations, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../audit-log/audit-log.ts';
import { revokePasswordResets } from '../auth/auth.service.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { hashToken, newToken } from '../auth/tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A confirmation link lasts a week (a sign-up may read its mail days later); the undo link two,
 * so an owner who reads the old mailbox only now and then still gets the account back.
 */
const LIFETIME_MS = { confirm: 7 * DAY_MS, undo: 14 * DAY_MS } as const;

type LinkKind = keyof typeof LIFETIME_MS;

export const takenEmail = () => new AppError('conflict', MESSAGES.emailTaken);
const invitedEmail = () => new AppError('conflict', ACCOUNT_EMAIL_MESSAGES.invited);
const invalidLink = () => new AppError('not_found', ACCOUNT_EMAIL_MESSAGES.linkInvalid);

/** Whether an answer says the address belongs to someone else: what probing learns (0003). */
export function isTakenEmailAnswer(error: unknown): boolean {
  return (
    error instanceof AppError &&
    error.code === 'conflict' &&
    (error.message === MESSAGES.emailTaken || error.message === ACCOUNT_EMAIL_MESSAGES.invited)
  );
}

/**
 * An address with an open invitation belongs to the school that invited it until the invitation
 * is used or expires (decision 0030): no sign-up and no profile may take it meanwhile.
 */
export async function refuseInvitedEmail(db: Db, email: string, now: Date): Promise<void> {
  const [open] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(eq(invitations.email, email), isNull(invitations.usedAt), gt(invitations.expiresAt, now)),
    );
  if (open) throw invitedEmail();
}

/** A new address for a profile: neither another account's nor invited. */
export async function refuseTakenEmail(
  db: Db,
  options: { userId: number; email: string; now: Date },
): Promise<void> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, options.email), ne(users.id, options.userId)));
  if (other) throw takenEmail();
  await refuseInvitedEmail(db, options.email, options.now);
}

/** Stores a fresh link (only its token's hash) and returns the token to mail. */
export async function createEmailLink(
  db: Db,
  link: { userId: number; kind: LinkKind; email: string; now: Date },
): Promise<string> {
  const token = newToken();
  await db.insert(emailLinks).values({
    userId: link.userId,
    kind: link.kind,
    email: link.email,
    tokenHash: hashToken(token),
    createdAt: link.now,
    expiresAt: new Date(link.now.getTime() + LIFETIME_MS[link.kind]),
  });
  return token;
}

export function emailLinkUrl(mailUrl: string, kind: LinkKind, token: string): string {
  const page = kind === 'confirm' ? 'confirm-email' : 'undo-email-change';
  return `${mailUrl}/${page}?${new URLSearchParams({ token })}`;
}

/** Ends the user's confirmation links not used yet: the address they were mailed for is moot. */
async function revokeConfirmLinks(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(emailLinks)
    .set({ usedAt: now })
    .where(
      and(eq(emailLinks.userId, userId), eq(emailLinks.kind, 'confirm'), isNull(emailLinks.usedAt)),
    );
}

/**
 * Follows a mailed link, in its own transaction: the token is spent by one atomic update
 * (single use), then a `confirm` link makes its address the account's, confirmed, and an `undo`
 * link puts the old one back and signs everyone out. Answers what the page tells the person.
 */
export function useEmailLink(
  db: Db,
  options: { token: string; now: Date; clientAddress: string },
): Promise<string> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailLinks.tokenHash, hashToken(options.token)),
          isNull(emailLinks.usedAt),
          gt(emailLinks.expiresAt, now),
        ),
      )
      .returning({ userId: emailLinks.userId, kind: emailLinks.kind, email: emailLinks.email });
    if (!link) throw invalidLink();
    const [user] = await tx
      .select({ email: users.email, schoolId: users.schoolId })
      .from(users)
      .where(eq(users.id, link.userId));
    if (!user) throw invalidLink();
    if (link.email !== user.email) {
      await refuseTakenEmail(tx, { userId: link.userId, email: link.email, now });
      // The reset links mailed to the address that goes would reach the wrong mailbox now.
      await revokePasswordResets(tx, link.userId, now);
    }
    // A conflict with another account's address is the unique index's 409 (error-handler.ts).
    await tx
      .update(users)
      .set({ email: link.email, emailConfirmedAt: now })
      .where(eq(users.id, link.userId));
    await revokeConfirmLinks(tx, link.userId, now);
    if (link.kind === 'undo') await revokeUserSessions(tx, link.userId);
    await recordAudit(tx, {
      action: link.kind === 'undo' ? 'email.change_undo' : 'email.confirm',
      schoolId: user.schoolId,
      actorUserId: link.userId,
      clientAddress: options.clientAddress,
    });
    return link.kind === 'undo' ? ACCOUNT_EMAIL_MESSAGES.undone : ACCOUNT_EMAIL_MESSAGES.confirmed;
  });
}

/** Maintenance: links past their expiry, used or not; none of them can be used any more. */
export async function deleteExpiredEmailLinks(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(emailLinks)
    .where(lte(emailLinks.expiresAt, now))
    .returning({ id: emailLinks.id });
  return deleted.length;
}
