import type { Db } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/errors.ts';
import {
  assertUnderRateLimit,
  hitRateLimit,
  RATE_LIMITS,
} from '../rate-limit/rate-limit.service.ts';

/**
 * Runs a sign-up for a client address and counts an "e-mail taken" answer against it
 * (RATE_LIMITS.takenEmail). A client over the limit is refused (429) before its password is
 * hashed, whatever e-mail it tries. The count is written outside the sign-up's transaction, which
 * has rolled back, so the refused sign-up itself writes nothing.
 */
export async function limitTakenEmailProbes<T>(
  db: Db,
  options: { clientAddress: string; now: Date },
  signUp: () => Promise<T>,
): Promise<T> {
  const { clientAddress, now } = options;
  await assertUnderRateLimit(db, RATE_LIMITS.takenEmail, clientAddress, now);
  try {
    return await signUp();
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'users_email_unique') {
      await hitRateLimit(db, RATE_LIMITS.takenEmail, clientAddress, now);
    }
    throw error;
  }
}
