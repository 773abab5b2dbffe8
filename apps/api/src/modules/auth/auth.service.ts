import type { Language, SignInProvider } from '@wellbank/domain';
import { type LoginInput, MESSAGES, type SessionRecord } from '@wellbank/domain';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../audit-log/audit-log.ts';
import {
  chargeRateLimits,
  RATE_LIMITS,
  type RateLimitCharge,
  refundRateLimitHits,
} from '../rate-limit/rate-limit.service.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { openSession, revokeUserSessions, type SessionSignIn } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

const RESET_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Returns the user id for correct credentials. The attempt is counted before the password is
 * verified, so parallel guesses cannot all slip past a limit none of them has counted yet, and
 * refunded when the password was right: only failures stay counted. Runs outside any transaction
 * on purpose: a failed attempt must stay counted although the request fails.
 */
export async function checkCredentials(
  db: Db,
  input: LoginInput,
  client: { address: string; now: Date },
): Promise<number> {
  const hits = await chargeRateLimits(db, loginCharges(input.email, client.address), client.now);
  const [user] = await db
    .select({ id: users.id, schoolId: users.schoolId, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.email));
  const isValid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !isValid) {
    // Logged like the failed count, outside any transaction. An unknown e-mail is not recorded
    // (no e-mail in the log) and the entry has no school, so no school reads it (decision 0025).
    await recordAudit(db, {
      action: 'sign_in.failed',
      schoolId: user?.schoolId ?? null,
      actorUserId: null,
      target: user && { kind: 'user', id: user.id },
      clientAddress: client.address,
    });
    throw new AppError('unauthorized', MESSAGES.loginFailed);
  }
  await refundRateLimitHits(db, hits);
  return user.id;
}

/**
 * Narrowest first (see chargeRateLimits). Once the account-and-address limit is used up, even the
 * right password is refused from that address, or guessing would simply go on; the owner elsewhere
 * is not locked out. Decision 0003.
 */
function loginCharges(email: string, address: string): RateLimitCharge[] {
  return [
    { limit: RATE_LIMITS.failedLoginPerAccountAndAddress, subject: `${address} ${email}` },
    { limit: RATE_LIMITS.failedLoginPerAddress, subject: address },
    { limit: RATE_LIMITS.failedLoginPerAccount, subject: email },
  ];
}

/**
 * A profile password change proves the current password. A wrong one is a failed login of the
 * account from that address, charged and refunded exactly as `checkCredentials` does, so a session
 * left open on a shared computer cannot be used to guess it faster than the login form allows.
 * Like `checkCredentials` it runs outside any transaction, so that a failure stays counted.
 */
export async function checkCurrentPassword(
  db: Db,
  input: { userId: number; password: string | undefined },
  client: { address: string; now: Date },
): Promise<void> {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw new AppError('unauthorized', MESSAGES.notSignedIn);
  // An account without an address (decision 0063) has no password either: counted by its id.
  const account = user.email ?? `user:${input.userId}`;
  const hits = await chargeRateLimits(db, loginCharges(account, client.address), client.now);
  const isValid = input.password ? await verifyPassword(user.passwordHash, input.password) : false;
  if (!isValid) throw new AppError('unprocessable', MESSAGES.currentPasswordWrong);
  await refundRateLimitHits(db, hits);
}

/** Ends every reset link of the user not used yet: the password it was mailed for is gone. */
export async function revokePasswordResets(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Returns the reset token to mail, or undefined when no account has this e-mail. A forgot-password
 * link lasts an hour; the first-password link of an address staff added, longer (decision 0063).
 */
export async function createPasswordReset(
  db: Db,
  email: string,
  now: Date,
  lifetimeMs = RESET_LIFETIME_MS,
): Promise<{ token: string; language: Language; expiresAt: Date } | undefined> {
  const [user] = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(eq(users.email, email));
  if (!user) return undefined;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await db
    .insert(passwordResets)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt });
  return { token, language: user.language, expiresAt };
}

/** Maintenance: reset tokens past their hour, used or not; none of them can be used any more. */
export async function deleteExpiredPasswordResets(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(passwordResets)
    .where(lte(passwordResets.expiresAt, now))
    .returning({ id: passwordResets.id });
  return deleted.length;
}

export function resetLink(appUrl: string, token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${appUrl}/forgot-password/reset?${query}`;
}

/** The reset link of this token and e-mail, if it can still be used. */
function usableReset(input: { token: string; email: string }, now: Date) {
  return and(
    eq(passwordResets.tokenHash, hashToken(input.token)),
    eq(
      passwordResets.userId,
      sql`(select ${users.id} from ${users} where ${users.email} = ${input.email})`,
    ),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );
}

/**
 * Throws 422 unless the link can still be used: checked (one indexed lookup of the token's hash)
 * before the new password is hashed, so a made-up token costs no argon2 work (decision 0045).
 */
export async function checkPasswordReset(
  db: Db,
  input: { token: string; email: string },
  now: Date,
): Promise<void> {
  const [reset] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(usableReset(input, now));
  if (!reset) throw new AppError('unprocessable', MESSAGES.resetLinkInvalid);
}

/** Who signs in with a password, from where, and the providers a refusal would name. */
interface PasswordClient {
  address: string;
  now: Date;
  providers: readonly SignInProvider[];
}

const passwordSignIn = (client: PasswordClient): SessionSignIn => ({
  method: 'password',
  providers: client.providers,
});

/**
 * Signs in a user whose credentials `checkCredentials` accepted, logged in the same transaction.
 * A school's "district sign-in only" refuses here, after the password was verified, so the
 * answer tells a stranger nothing about the school's setting.
 */
export function signIn(db: Db, userId: number, client: PasswordClient): Promise<SessionRecord> {
  return db.transaction((tx) =>
    openAuditedSession(tx, userId, 'sign_in.succeeded', client, passwordSignIn(client)),
  );
}

/**
 * Resets the password by a mailed link, in one transaction: the token is consumed, the new
 * password set, the user signed out everywhere and then into a new session, logged (decision 0025).
 */
export function resetPassword(
  db: Db,
  input: { token: string; email: string; passwordHash: string },
  client: PasswordClient,
): Promise<SessionRecord> {
  return db.transaction(async (tx) => {
    const userId = await consumePasswordReset(tx, input, client.now);
    return openAuditedSession(tx, userId, 'password.reset', client, passwordSignIn(client));
  });
}

/**
 * Signs in a user found through their district account (decision 0050): the same session, limits
 * and log entry as a password's, in the caller's transaction.
 */
export function signInThroughDistrict(
  db: Db,
  userId: number,
  client: { address: string; now: Date },
): Promise<SessionRecord> {
  return openAuditedSession(db, userId, 'sign_in.succeeded', client, { method: 'district' });
}

/** Opens a session and logs it in the caller's transaction (decision 0025). */
async function openAuditedSession(
  db: Db,
  userId: number,
  action: 'sign_in.succeeded' | 'password.reset',
  client: { address: string; now: Date },
  signIn: SessionSignIn,
): Promise<SessionRecord> {
  const session = await openSession(db, userId, client.now, signIn);
  const schoolId = session.school.id;
  await recordAudit(db, { action, schoolId, actorUserId: userId, clientAddress: client.address });
  return session;
}

/**
 * Consumes a reset token (single use, by an atomic update: of two parallel uses that both passed
 * `checkPasswordReset`, one wins), sets the new password and signs the user out everywhere. The
 * link was mailed to the address, so following it confirms an address not confirmed yet (one
 * staff added to a student, decision 0063).
 * Returns the user id.
 */
async function consumePasswordReset(
  db: Db,
  input: { token: string; email: string; passwordHash: string },
  now: Date,
): Promise<number> {
  const [reset] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(usableReset(input, now))
    .returning({ userId: passwordResets.userId });
  if (!reset) throw new AppError('unprocessable', MESSAGES.resetLinkInvalid);
  await revokePasswordResets(db, reset.userId, now);
  await db
    .update(users)
    .set({
      passwordHash: input.passwordHash,
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, reset.userId));
  await revokeUserSessions(db, reset.userId);
  return reset.userId;
}
