import {
  CLASS_SIGN_IN_LOCK_MINUTES,
  CLASS_SIGN_IN_MAX_WRONG,
  tryAgainMessage,
} from '@wellbank/domain';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export interface RateLimit {
  /** Namespaces the key, e.g. `login-account`. */
  name: string;
  max: number;
  windowSeconds: number;
}

const MINUTES = 60;
const HOUR = 60 * MINUTES;

/**
 * DESIGN.md §1.7. Kept in the database so every instance behind a load balancer shares them.
 * Why the login and "e-mail taken" limits are keyed as they are: docs/decisions/0003-login-limits.md.
 */
export const RATE_LIMITS = {
  /**
   * Guessing one account's password from one client address: 10 tries per 15 minutes is hopeless
   * for it. Past it even the right password is refused from that address, and only from it.
   */
  failedLoginPerAccountAndAddress: {
    name: 'login-account-address',
    max: 10,
    windowSeconds: 15 * MINUTES,
  },
  /** Guessing one account's password from many addresses (10 addresses' worth an hour). */
  failedLoginPerAccount: { name: 'login-account', max: 100, windowSeconds: HOUR },
  /** Password spraying: a few guesses at each of many accounts from one address. */
  failedLoginPerAddress: { name: 'login-address', max: 100, windowSeconds: 15 * MINUTES },
  /** Stops anyone flooding a person's inbox with reset mails. */
  forgotPassword: { name: 'forgot', max: 5, windowSeconds: HOUR },
  /**
   * Reset links guessed or replayed from one client address (decision 0045): a person needs one
   * or two tries, and each try was an argon2 hash once.
   */
  resetPasswordPerAddress: { name: 'reset-address', max: 30, windowSeconds: 15 * MINUTES },
  /** Each district sign-in started writes an attempt (ten minutes): a class needs a few dozen. */
  districtSignInStartPerAddress: {
    name: 'district-start',
    max: 300,
    windowSeconds: 15 * MINUTES,
  },
  /**
   * District sign-ins that came back failed (decision 0050): replayed or forged callbacks, refused
   * accounts. A person needs a few; only failures stay counted.
   */
  failedDistrictSignInPerAddress: {
    name: 'district-address',
    max: 30,
    windowSeconds: 15 * MINUTES,
  },
  /**
   * Wrong picture sequences of one child's class sign-in (decision 0064): the sixth try within 15
   * minutes is refused, right pictures or not, until the window ends or staff lift the lock.
   */
  classSignInPerChild: {
    name: 'class-sign-in',
    max: CLASS_SIGN_IN_MAX_WRONG,
    windowSeconds: CLASS_SIGN_IN_LOCK_MINUTES * MINUTES,
  },
  /**
   * Badge sign-ins refused (decision 0065): unknown or voided badges. The 256-bit token cannot be
   * guessed; this stops a flood. A class scanning its badges from one address fails a few times.
   */
  failedBadgeSignInPerAddress: { name: 'badge-address', max: 30, windowSeconds: 15 * MINUTES },
  /**
   * Family codes entered by a signed-in guardian (decision 0075), refunded when right: a parent
   * mistypes a few; 10 an hour per account and 30 a quarter-hour per address leave a guesser a
   * chance of about 10^-10 per try against every live code of a large district.
   */
  familyCodePerAccount: { name: 'family-code-account', max: 10, windowSeconds: HOUR },
  familyCodePerAddress: { name: 'family-code-address', max: 30, windowSeconds: 15 * MINUTES },
  /**
   * Invitations re-mailed by hand (issue 35 §2), per coordinator: a school re-sends a few dozen
   * forgotten ones; this stops a script turning Wellbank into someone's inbox flood.
   */
  invitationResendPerActor: { name: 'invitation-resend', max: 60, windowSeconds: HOUR },
  /** School codes and captains' e-mails are guessable: slow down enumeration per client. */
  publicLookup: { name: 'lookup', max: 30, windowSeconds: MINUTES },
  /**
   * Sign-up and profile update answer 409 for a taken e-mail (DESIGN.md §2), which tells that the
   * address has an account: 20 such answers an hour per prober (a signed-in account, or one
   * browser at one address) is plenty for typos, useless for probing...
   */
  takenEmailPerProber: { name: 'taken-email-prober', max: 20, windowSeconds: HOUR },
  /** ...and a ceiling per address, which a prober changing browsers or accounts runs into. */
  takenEmailPerAddress: { name: 'taken-email-address', max: 200, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimit>;

/** One limit and what it counts, e.g. the per-address login limit and `192.0.2.1`. */
export interface RateLimitCharge {
  limit: RateLimit;
  subject: string;
}

/** A counted hit: which row and which window, so it can be refunded exactly. */
export interface RateLimitHit {
  key: string;
  windowStart: Date;
  /** The window's count with this hit: the hit that makes it `max` is the last one let through. */
  count: number;
}

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
  await chargeRateLimits(db, [{ limit, subject }], now);
}

/**
 * Counts an attempt against each limit *before* the work it guards, so parallel attempts cannot
 * all pass a check that none has counted yet. Limits are charged in order, narrowest first: when
 * one is used up the hits already made are refunded and 429 is thrown, so a refused attempt
 * counts against no wider limit (one address hammering one account cannot fill the account's
 * ceiling). Returns the hits, for `refundRateLimitHits` when the attempt turns out not to count.
 */
export async function chargeRateLimits(
  db: Db,
  charges: RateLimitCharge[],
  now: Date,
): Promise<RateLimitHit[]> {
  const hits: RateLimitHit[] = [];
  for (const { limit, subject } of charges) {
    const state = await countHit(db, limit, subject, now);
    hits.push({ key: keyFor(limit, subject), ...state });
    if (state.count > limit.max) {
      await refundRateLimitHits(db, hits);
      throw tooMany(limit, state, now);
    }
  }
  return hits;
}

/**
 * Takes back hits that did not count (a successful login, a sign-up that was not an "e-mail
 * taken" answer). Only within the window they were counted in: a window that has restarted since
 * is left alone. One row per statement: a statement locking two rows could deadlock with a
 * parallel refund locking the same two in the other order.
 */
export async function refundRateLimitHits(db: Db, hits: RateLimitHit[]): Promise<void> {
  for (const hit of hits) {
    await db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(
        and(
          eq(rateLimits.key, hit.key),
          eq(rateLimits.windowStart, hit.windowStart),
          gt(rateLimits.count, 0),
        ),
      );
  }
}

async function countHit(
  db: Db,
  limit: RateLimit,
  subject: string,
  now: Date,
): Promise<WindowState> {
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
  if (!state) throw new Error('upsert into rate_limits returned no row');
  return state;
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

export function keyFor(limit: RateLimit, subject: string): string {
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
