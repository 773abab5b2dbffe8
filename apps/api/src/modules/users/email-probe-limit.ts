import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/errors.ts';
import { clientAddress } from '../../http/client-address.ts';
import {
  chargeRateLimits,
  RATE_LIMITS,
  refundRateLimitHits,
} from '../rate-limit/rate-limit.service.ts';
import { isTakenEmailAnswer } from './email-links.service.ts';

/** Who an "e-mail taken" answer is counted against (decision 0003). */
export interface EmailProber {
  /** The client address: the ceiling shared by everyone behind it. */
  address: string;
  /** The signed-in account, or else the browser (User-Agent) at that address. */
  identity: string;
}

/**
 * A school's class signs up from one shared address, so counting per address alone let one
 * student's probing refuse the whole class. A signed-in prober is its account; an anonymous one is
 * its browser at that address: a different browser is not blocked by it, and a prober who keeps
 * changing browsers (or accounts) meets the far higher per-address ceiling.
 */
export function emailProberOf(request: FastifyRequest, signedInUserId?: number): EmailProber {
  const address = clientAddress(request);
  if (signedInUserId !== undefined) return { address, identity: `account ${signedInUserId}` };
  const browser = createHash('sha256')
    .update(request.headers['user-agent'] ?? '')
    .digest('base64url')
    .slice(0, 16);
  return { address, identity: `browser ${address} ${browser}` };
}

/**
 * Runs a sign-up or profile update and counts an "e-mail taken" or "e-mail invited" answer (409)
 * against the prober.
 * The answer is counted before the attempt runs and refunded when it was something else, so
 * parallel attempts cannot all pass a limit none has counted yet; a prober over a limit is refused
 * (429) before its password is hashed, whatever e-mail it tries. The count is written outside the
 * attempt's transaction, which has rolled back, so a refused attempt itself writes nothing.
 */
export async function limitTakenEmailProbes<T>(
  db: Db,
  options: { prober: EmailProber; now: Date },
  attempt: () => Promise<T>,
): Promise<T> {
  const { prober, now } = options;
  const hits = await chargeRateLimits(db, takenEmailCharges(prober), now);
  try {
    const result = await attempt();
    await refundRateLimitHits(db, hits);
    return result;
  } catch (error) {
    const taken = violatedUniqueConstraint(error) === 'users_email_unique';
    if (!taken && !isTakenEmailAnswer(error)) {
      await refundRateLimitHits(db, hits);
    }
    throw error;
  }
}

function takenEmailCharges(prober: EmailProber) {
  return [
    { limit: RATE_LIMITS.takenEmailPerProber, subject: prober.identity },
    { limit: RATE_LIMITS.takenEmailPerAddress, subject: prober.address },
  ];
}

/**
 * Counts `answers` "e-mail taken" answers against the prober at once (a roster import's other
 * schools' e-mails, decision 0045), outside any transaction so that they stay counted. One hit is
 * charged first whatever `answers` is, and refunded when it is 0: a prober over a limit is refused
 * (429) whatever the file holds, so a 429 never tells that the file held such an e-mail. Past a
 * limit the hits already counted stay: the window is used up.
 */
export async function countTakenEmailAnswers(
  db: Db,
  options: { prober: EmailProber; now: Date; answers: number },
): Promise<void> {
  const { prober, now, answers } = options;
  const first = await chargeRateLimits(db, takenEmailCharges(prober), now);
  if (answers === 0) return refundRateLimitHits(db, first);
  // One statement per hit, stopped by the first 429: never more than a limit's max of them.
  for (let hit = 1; hit < answers; hit++) {
    await chargeRateLimits(db, takenEmailCharges(prober), now);
  }
}
