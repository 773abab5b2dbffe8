import type {
  ConsentKind,
  Language,
  RoleName,
  SessionRecord,
  SignInProvider,
  UserSignupInput,
} from '@wellbank/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { hashNewPassword } from '../auth/passwords.ts';
import { openSession } from '../auth/sessions.ts';
import { recordConsents } from '../consents/consents.service.ts';
import {
  chargeRateLimits,
  RATE_LIMITS,
  refundRateLimitHits,
} from '../rate-limit/rate-limit.service.ts';
import { takeJoiningStudentPlace } from '../roster/student-places.ts';
import { refusePasswordSignUp } from '../sign-in/district-only.ts';
import { type EmailProber, limitTakenEmailProbes } from './email-probe-limit.ts';
import { createAccount } from './users.service.ts';

/**
 * Where a joining person goes: the school, and the team they join (else they captain one; `null`:
 * none, a guardian's).
 */
export interface Placement {
  schoolId: number;
  joinTeamId?: number | null;
}

/**
 * A person joining an existing school (`POST /schools/{id}/users`) or team
 * (`POST /teams/{id}/signup`). `place` finds where they go from the id and the proof they were
 * given (DESIGN.md §1.5: the school code, the captain's e-mail), undefined when either is wrong.
 * Answers their signed-in session record.
 */
export async function signUpUser(
  db: Db,
  options: {
    prober: EmailProber;
    now: () => Date;
    user: UserSignupInput;
    roles: RoleName[];
    place: (db: Db) => Promise<Placement | undefined>;
    /** The request's language, stored when the body names none. */
    language: Language;
    /** Mails the confirmation link of the new address (decision 0044). */
    jobs: Pick<JobQueue, 'send'>;
    /** The providers a school's "district sign-in only" names in its refusal. */
    providers: readonly SignInProvider[];
    /** More of the sign-up, on its transaction (a guardian's link to the child). */
    afterCreate?: (tx: Db, userId: number) => Promise<void>;
  },
): Promise<SessionRecord> {
  const { prober, now, user, roles, providers } = options;
  const placement = await placeByProof(db, { address: prober.address, now, place: options.place });
  await refusePasswordSignUp(db, { schoolId: placement.schoolId, roles, providers });
  return limitTakenEmailProbes(db, { prober, now: now() }, async () => {
    const passwordHash = await hashNewPassword(user.password);
    return db.transaction(async (tx) => {
      if (roles.includes('student')) {
        await takeJoiningStudentPlace(tx, { schoolId: placement.schoolId, now: now() });
      }
      const userId = await createAccount(tx, {
        ...placement,
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        passwordHash,
        roles,
        language: user.language ?? options.language,
        emailProof: { jobs: options.jobs },
        now: now(),
      });
      // The form's privacy agreement (SPEC.md §5), which the request makes.
      const kinds: ConsentKind[] = ['policies'];
      await recordConsents(tx, { userId, kinds, clientAddress: prober.address, now: now() });
      await options.afterCreate?.(tx, userId);
      return openSession(tx, userId, now(), { method: 'password', providers });
    });
  });
}

/**
 * Guessing an id with a proof is a lookup like `GET /schools?code=`: an unknown id and a wrong or
 * missing proof are the same 404 and spend the client's lookup budget (RATE_LIMITS.publicLookup),
 * and a client that has spent it may not try even the right proof (a right proof is refunded). Checked before the password is
 * hashed, so guesses cost no hashing. Schools and teams are never deleted, so the placement found
 * here still holds in the sign-up's transaction (and a foreign key would refuse it otherwise).
 */
async function placeByProof(
  db: Db,
  options: {
    address: string;
    now: () => Date;
    place: (db: Db) => Promise<Placement | undefined>;
  },
): Promise<Placement> {
  const { address, now, place } = options;
  // Counted before the proof is checked (parallel guesses cannot outrun it), refunded when right.
  const charge = [{ limit: RATE_LIMITS.publicLookup, subject: address }];
  const hits = await chargeRateLimits(db, charge, now());
  const placement = await place(db);
  if (!placement) throw notFound();
  await refundRateLimitHits(db, hits);
  return placement;
}
