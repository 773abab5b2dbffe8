import type { Language } from '@wellbank/domain';
import {
  type RoleName,
  teamNameFor,
  type UserRecord,
  type UserUpdateInput,
} from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, userRoles, users } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { type AuditActor, recordAudit } from '../audit-log/audit-log.ts';
import { revokePasswordResets } from '../auth/auth.service.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { EMAIL_CHANGE_NOTICE_MAIL, EMAIL_CONFIRMATION_MAIL } from './email-link-mail.job.ts';
import { refuseInvitedEmail, refuseTakenEmail } from './email-links.service.ts';
import { loadUserRecord } from './user-record.ts';

export interface NewAccount {
  schoolId: number;
  firstName: string;
  lastName: string;
  /** Null: a student added by name, who signs in without an address (decision 0063). */
  email: string | null;
  /** Grade and homeroom, from an invitation or from staff adding a student (decision 0030). */
  grade?: string | null;
  homeroom?: string | null;
  /** Null: the account signs in through its district account only (decision 0050). */
  passwordHash: string | null;
  roles: RoleName[];
  /**
   * Join this team; without it the user captains a new team of their own; `null`: no team at all
   * (a guardian, who logs nothing and is on no leaderboard: decision 0075).
   */
  joinTeamId?: number | null;
  /** The sign-up's language, else the request's (decision 0034). */
  language: Language;
  /**
   * How the address is proved its owner's (decision 0044): the invitation link just followed,
   * else a confirmation link mailed through `jobs`; nothing to prove without an address.
   */
  emailProof: { invitationUsedAt: Date } | { jobs: Pick<JobQueue, 'send'> } | 'no address';
  now: Date;
}

/**
 * Creates the user, their roles and their team membership; returns the user's id. An address
 * another school has invited is refused (409), whatever school code the sign-up brings.
 */
export async function createAccount(db: Db, account: NewAccount): Promise<number> {
  if (account.email !== null) await refuseInvitedEmail(db, account.email, account.now);
  const proof = account.emailProof;
  const [user] = await db
    .insert(users)
    .values({
      schoolId: account.schoolId,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      grade: account.grade,
      homeroom: account.homeroom,
      passwordHash: account.passwordHash,
      language: account.language,
      emailConfirmedAt:
        typeof proof === 'object' && 'invitationUsedAt' in proof ? proof.invitationUsedAt : null,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('insert into users returned no row');
  if (typeof proof === 'object' && 'jobs' in proof && account.email !== null) {
    await proof.jobs.send(db, EMAIL_CONFIRMATION_MAIL, { userId: user.id, email: account.email });
  }
  await db.insert(userRoles).values(account.roles.map((role) => ({ userId: user.id, role })));
  if (account.joinTeamId === null) return user.id;
  const teamId = account.joinTeamId ?? (await createOwnTeam(db, user.id, account));
  await db.insert(teamMembers).values({ teamId, userId: user.id });
  return user.id;
}

async function createOwnTeam(db: Db, captainUserId: number, account: NewAccount) {
  const [team] = await db
    .insert(teams)
    .values({
      schoolId: account.schoolId,
      captainUserId,
      name: teamNameFor(account.firstName, account.lastName),
    })
    .returning({ id: teams.id });
  if (!team) throw new Error('insert into teams returned no row');
  return team.id;
}

/**
 * Profile update, in one transaction. A new password signs the user out of every other session.
 * The address is not written here: a new one takes effect when its confirmation link is followed,
 * the old one, if confirmed, is told, and the request is logged in the activity log (decision
 * 0044).
 */
export function updateUser(
  db: Db,
  jobs: Pick<JobQueue, 'send'>,
  actor: AuditActor,
  options: {
    sessionId: number;
    fields: Partial<Pick<UserUpdateInput, 'first_name' | 'last_name' | 'language'>>;
    passwordHash: string | undefined;
    /** The address the user has now and the new one they asked for, when they asked. */
    emailChange:
      | { current: { email: string | null; confirmedAt: Date | null }; newEmail: string }
      | undefined;
    now: Date;
  },
): Promise<UserRecord> {
  const { sessionId, fields: input, passwordHash, emailChange, now } = options;
  const userId = actor.actorUserId;
  return db.transaction(async (tx) => {
    if (emailChange) {
      const { current, newEmail } = emailChange;
      await refuseTakenEmail(tx, { userId, email: newEmail, now });
      // The new address takes effect by its link; the old one, if confirmed, is told.
      await jobs.send(tx, EMAIL_CONFIRMATION_MAIL, { userId, email: newEmail });
      if (current.email && current.confirmedAt) {
        const change = { userId, oldEmail: current.email, newEmail };
        await jobs.send(tx, EMAIL_CHANGE_NOTICE_MAIL, change);
      }
      await recordAudit(tx, { ...actor, action: 'email.change_request' });
    }
    await tx
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        language: input.language,
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(eq(users.id, userId));
    if (passwordHash) {
      await revokeUserSessions(tx, userId, sessionId);
      await revokePasswordResets(tx, userId, now);
    }
    return loadUserRecord(tx, userId);
  });
}
