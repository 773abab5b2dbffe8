import { type LoginInput, MESSAGES } from '@wellbank/domain';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import {
  assertUnderRateLimit,
  hitRateLimit,
  RATE_LIMITS,
} from '../rate-limit/rate-limit.service.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

const RESET_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Returns the user id for correct credentials. Runs outside any transaction on purpose: a failed
 * attempt must stay counted although the request fails.
 */
export async function checkCredentials(db: Db, input: LoginInput, now: Date): Promise<number> {
  // While an account is limited even the right password is refused, or guessing would go on.
  await assertUnderRateLimit(db, RATE_LIMITS.failedLogin, input.email, now);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.email));
  const isValid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (user && isValid) return user.id;
  await hitRateLimit(db, RATE_LIMITS.failedLogin, input.email, now);
  throw new AppError('unauthorized', MESSAGES.loginFailed);
}

/** Returns the reset token to mail, or undefined when no account has this e-mail. */
export async function createPasswordReset(
  db: Db,
  email: string,
  now: Date,
): Promise<string | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return undefined;
  const token = newToken();
  await db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS),
  });
  return token;
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

/**
 * Consumes a reset token (single use, by an atomic update), sets the new password and signs the
 * user out everywhere. Returns the user id.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; email: string; passwordHash: string },
  now: Date,
): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  const [reset] = user
    ? await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(input.token)),
            eq(passwordResets.userId, user.id),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId })
    : [];
  if (!reset) throw new AppError('unprocessable', MESSAGES.resetLinkInvalid);
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
  await db
    .update(users)
    .set({ passwordHash: input.passwordHash })
    .where(eq(users.id, reset.userId));
  await revokeUserSessions(db, reset.userId);
  return reset.userId;
}
