import type { RoleName, SessionRecord, UserSignupInput } from '@wellbank/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { type EmailProber, limitTakenEmailProbes } from './email-probe-limit.ts';
import { createAccount, openSession } from './users.service.ts';

/**
 * A person joining an existing school (`POST /schools/{id}/users`) or team
 * (`POST /teams/{id}/signup`): `place` finds where they go inside the transaction, undefined for
 * an unknown school or team (404). Answers their signed-in session record.
 */
export function signUpUser(
  db: Db,
  options: {
    prober: EmailProber;
    now: () => Date;
    user: UserSignupInput;
    roles: RoleName[];
    place: (tx: Db) => Promise<{ schoolId: number; joinTeamId?: number } | undefined>;
  },
): Promise<SessionRecord> {
  const { prober, now, user, roles, place } = options;
  return limitTakenEmailProbes(db, { prober, now: now() }, async () => {
    const passwordHash = await hashPassword(user.password);
    return db.transaction(async (tx) => {
      const found = await place(tx);
      if (!found) throw notFound();
      const userId = await createAccount(tx, {
        ...found,
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        passwordHash,
        roles,
      });
      return openSession(tx, userId, now());
    });
  });
}
