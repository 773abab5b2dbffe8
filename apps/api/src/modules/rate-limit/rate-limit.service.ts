import { tryAgainMessage } from '@wellbank/domain';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export interface RateLimit {
  /** Namespaces the key, e.g. `login`. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** DESIGN.md §1.7. Kept in the database so every instance behind a load balancer shares them. */
export const RATE_LIMITS = {
  /** Online password guessing against one account: 10 tries per 15 minutes is hopeless for it. */
  failedLogin: { name: 'login', max: 10, windowSeconds: 15 * 60 },
  /** Stops anyone flooding a person's inbox with reset mails. */
  forgotPassword: { name: 'forgot', max: 5, windowSeconds: 60 * 60 },
  /** School codes and captains' e-mails are guessable: slow down enumeration per client. */
  publicLookup: { name: 'lookup', max: 30, windowSeconds: 60 },
  /**
   * Sign-up answers 409 for a taken e-mail (DESIGN.md §2), which tells that the address has an
   * account: 20 such answers per client address per hour is plenty for typos, useless for probing.
   */
  takenEmail: { name: 'taken-email', max: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

interface WindowState {
  windowStart: Date;
  count: number;
}

/**
 * Counts one hit in a fixed window with a single atomic upsert (no read-modify-write race) and
 * throws 429 once the count passes the limit.
 */
export async function hitRateLimit(
  db: Db,
  limit: RateLimit,
  subject: string,
  now: Date,
): Promise<void> {
  const windowOpenedBefore = new Date(now.getTime() - limit.windowSeconds * 1000).toISOString();
  const expired = sql`${rateLimits.windowStart} <= ${windowOpenedBefore}::timestamptz`;
  const [state] = await db
    .insert(rateLimits)
    .values({ key: keyFor(limit, subject), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
  if (state && state.count > limit.max) throw tooMany(limit, state, now);
}

/** Throws 429 when the limit is already used up, without counting a hit. */
export async function assertUnderRateLimit(
  db: Db,
  limit: RateLimit,
  subject: string,
  now: Date,
): Promise<void> {
  const [state] = await db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, keyFor(limit, subject)));
  if (!state || secondsLeft(limit, state, now) <= 0) return;
  if (state.count >= limit.max) throw tooMany(limit, state, now);
}

/** The longest window of any limit: a row whose window opened longer ago is over for good. */
const LONGEST_WINDOW_MS =
  Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowSeconds)) * 1000;

/**
 * Deletes the rows of windows that are over: one row stays per e-mail or address ever counted
 * otherwise. Any instance may run it at any time; a deleted window is one that would restart.
 * Returns how many rows went.
 */
export async function deleteExpiredRateLimits(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - LONGEST_WINDOW_MS)))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

function keyFor(limit: RateLimit, subject: string): string {
  return `${limit.name}:${subject}`;
}

function secondsLeft(limit: RateLimit, state: WindowState, now: Date): number {
  return Math.ceil(
    (state.windowStart.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000,
  );
}

function tooMany(limit: RateLimit, state: WindowState, now: Date): AppError {
  const retryAfterSeconds = Math.max(1, secondsLeft(limit, state, now));
  return new AppError('rate_limited', tryAgainMessage(retryAfterSeconds), { retryAfterSeconds });
}
