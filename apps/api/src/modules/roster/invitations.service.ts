import type { Language, SignInProvider } from '@wellbank/domain';
import {
  type Invitation,
  ROSTER_MESSAGES,
  type SessionRecord,
  type UserSignupInput,
} from '@wellbank/domain';
import { and, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations, schools } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { openSession } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { recordConsents } from '../consents/consents.service.ts';
import { createAccount } from '../users/users.service.ts';

const invalid = () => new AppError('not_found', ROSTER_MESSAGES.invitationInvalid);

/** An open invitation (not used, not expired, its school not closed) by its link's token. */
export function findInvitation(db: Db, token: string, now: Date): Promise<Invitation> {
  return findOpenInvitation(db, eq(invitations.tokenHash, hashToken(token)), now);
}

/** An open invitation to be a student or staff member, chosen by `which`. */
export async function findOpenInvitation(db: Db, which: SQL, now: Date): Promise<Invitation> {
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
        which,
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
        isNull(schools.purgeAfter),
      ),
    );
  if (!row || (row.role !== 'student' && row.role !== 'staff')) throw invalid();
  return { ...row, role: row.role };
}

/**
 * Accepts an invitation by its link, in its own transaction: the person's names and password from
 * the sign-up form (see `joinByInvitation`).
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
  const { user } = options;
  return db.transaction(async (tx) => {
    const userId = await joinByInvitation(tx, {
      ...options,
      invitation: eq(invitations.tokenHash, hashToken(options.token)),
      email: user.email,
      person: { firstName: user.first_name, lastName: user.last_name },
      language: user.language ?? options.language,
    });
    return openSession(tx, userId, options.now, {
      method: 'password',
      providers: options.providers,
    });
  });
}

/**
 * The one door into a school by invitation, in the caller's transaction: the invitation is spent
 * by one atomic update (a second use finds it used), then the account is made in its school with
 * its role, grade and homeroom, and its agreement to the policies recorded as at any sign-up.
 * By link the person gives names and a password; through a district sign-in matched by verified
 * e-mail (decision 0050) the roster's names are kept and there is no password. Returns the user id.
 */
export async function joinByInvitation(
  tx: Db,
  options: {
    /** Which invitation: by its link's token, or by id. */
    invitation: SQL;
    /** The address that proves it is this person's invitation. */
    email: string;
    /** Null keeps the invitation's names. */
    person: { firstName: string; lastName: string } | null;
    passwordHash: string | null;
    clientAddress: string;
    now: Date;
    language: Language;
  },
): Promise<number> {
  const { now } = options;
  const [invitation] = await tx
    .update(invitations)
    .set({ usedAt: now })
    .where(
      and(
        options.invitation,
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
        sql`not exists (select 1 from ${schools} where ${schools.id} = ${invitations.schoolId}
        and ${schools.purgeAfter} is not null)`,
      ),
    )
    .returning();
  if (!invitation) throw invalid();
  if (invitation.email !== options.email) {
    throw new AppError('unprocessable', ROSTER_MESSAGES.invitationEmail);
  }
  const role = invitation.role === 'staff' ? 'staff' : 'student';
  const userId = await createAccount(tx, {
    schoolId: invitation.schoolId,
    firstName: options.person?.firstName ?? invitation.firstName,
    lastName: options.person?.lastName ?? invitation.lastName,
    email: invitation.email,
    grade: invitation.grade,
    homeroom: invitation.homeroom,
    passwordHash: options.passwordHash,
    roles: [role],
    language: options.language,
    // Following the mailed invitation link proved the address, as a provider's verified e-mail
    // does (decision 0044, 0050).
    emailProof: { invitationUsedAt: now },
    now,
  });
  // The form's privacy agreement, as the join-by-code sign-up records it (user-sign-up.ts).
  await recordConsents(tx, {
    userId,
    kinds: ['policies'],
    clientAddress: options.clientAddress,
    now,
  });
  return userId;
}

/** Maintenance: invitations past their expiry, used or not; none of them can be used any more. */
export async function deleteExpiredInvitations(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(invitations)
    .where(lte(invitations.expiresAt, now))
    .returning({ id: invitations.id });
  return deleted.length;
}
