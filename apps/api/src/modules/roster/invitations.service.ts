import type { Language, SignInProvider } from '@wellbank/domain';
import {
  type Invitation,
  ROSTER_MESSAGES,
  type SessionRecord,
  type UserSignupInput,
} from '@wellbank/domain';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations, schools, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { openSession } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { recordConsents } from '../consents/consents.service.ts';
import { createAccount } from '../users/users.service.ts';

const invalid = () => new AppError('not_found', ROSTER_MESSAGES.invitationInvalid);

/** An open invitation (not used, not expired, its school not closed) by its link's token. */
export async function findInvitation(db: Db, token: string, now: Date): Promise<Invitation> {
  const [row] = await db
    .select({
      first_name: invitations.firstName,
      last_name: invitations.lastName,
      email: invitations.email,
      role: invitations.role,
      school: { id: schools.id, name: schools.name },
    })
    .from(invitations)
    .innerJoin(schools, eq(schools.id, invitations.schoolId))
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
        isNull(schools.purgeAfter),
      ),
    );
  if (!row || (row.role !== 'student' && row.role !== 'staff')) throw invalid();
  return { ...row, role: row.role };
}

/**
 * Accepts an invitation, in its own transaction: the token is spent by one atomic update
 * (a second use finds it used), then the account is made in the invitation's school with its role,
 * grade and homeroom, and its agreement to the policies recorded as at any sign-up.
 */
export function acceptInvitation(
  db: Db,
  options: {
    token: string;
    user: UserSignupInput;
    passwordHash: string;
    clientAddress: string;
    now: Date;
    language: Language;
    /** The providers a school's "district sign-in only" names in its refusal. */
    providers: readonly SignInProvider[];
  },
): Promise<SessionRecord> {
  const { now, user } = options;
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(invitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(invitations.tokenHash, hashToken(options.token)),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, now),
          sql`not exists (select 1 from ${schools} where ${schools.id} = ${invitations.schoolId}
          and ${schools.purgeAfter} is not null)`,
        ),
      )
      .returning();
    if (!invitation) throw invalid();
    if (invitation.email !== user.email) {
      throw new AppError('unprocessable', ROSTER_MESSAGES.invitationEmail);
    }
    const role = invitation.role === 'staff' ? 'staff' : 'student';
    const userId = await createAccount(tx, {
      schoolId: invitation.schoolId,
      firstName: user.first_name,
      lastName: user.last_name,
      email: invitation.email,
      passwordHash: options.passwordHash,
      roles: [role],
      language: user.language ?? options.language,
      // Following the mailed invitation link proved the address (decision 0044).
      emailProof: { invitationUsedAt: now },
      now,
    });
    await tx
      .update(users)
      .set({ grade: invitation.grade, homeroom: invitation.homeroom })
      .where(eq(users.id, userId));
    // The form's privacy agreement, as the join-by-code sign-up records it (user-sign-up.ts).
    await recordConsents(tx, {
      userId,
      kinds: ['policies'],
      clientAddress: options.clientAddress,
      now,
    });
    return openSession(tx, userId, now, { method: 'password', providers: options.providers });
  });
}

/** Maintenance: invitations past their expiry, used or not; none of them can be used any more. */
export async function deleteExpiredInvitations(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(invitations)
    .where(lte(invitations.expiresAt, now))
    .returning({ id: invitations.id });
  return deleted.length;
}
