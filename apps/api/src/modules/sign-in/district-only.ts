import {
  type RoleName,
  SIGN_IN_MESSAGES,
  type SignInProvider,
  type SignInProviderId,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schoolSignInMethods, schools } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/**
 * "District sign-in only" (decision 0050): a school's students and staff sign in through a
 * district account, never with a password; its admins always may, or nobody could undo it, and
 * its family members (who have no district account) too.
 * `openSession` holds the rule for every password sign-in; the sign-ups also ask first, so that
 * a refused person's account is never written and no password hashed.
 */

/** The configured providers the school has not turned off: the buttons its people may use. */
async function providersOfSchool(
  db: Db,
  schoolId: number,
  providers: readonly SignInProvider[],
): Promise<SignInProvider[]> {
  const off = await db
    .select({ provider: schoolSignInMethods.provider })
    .from(schoolSignInMethods)
    .where(and(eq(schoolSignInMethods.schoolId, schoolId), eq(schoolSignInMethods.enabled, false)));
  const offIds = new Set<SignInProviderId>(off.map((row) => row.provider));
  return providers.filter((provider) => !offIds.has(provider.id));
}

/** The 403 of a password where the school requires district sign-in, naming the buttons to use. */
export async function refuseDistrictOnly(
  db: Db,
  input: { schoolId: number; providers: readonly SignInProvider[] },
): Promise<never> {
  const accepted = await providersOfSchool(db, input.schoolId, input.providers);
  const message = SIGN_IN_MESSAGES.districtOnly(accepted.map((provider) => provider.name));
  throw new AppError('forbidden', message);
}

/** The rule `openSession` holds in SQL: students and staff, unless they are admins too. */
function refusesPasswords(roles: readonly RoleName[]): boolean {
  const member = roles.includes('student') || roles.includes('staff');
  return member && !roles.includes('admin');
}

/**
 * Before a password sign-up (by code, by invitation link) writes anything: refused when the school
 * requires district sign-in and the new account would be a student or staff. `openSession` checks again
 * in the sign-up's transaction, so a switch made meanwhile still holds.
 */
export async function refusePasswordSignUp(
  db: Db,
  input: { schoolId: number; roles: readonly RoleName[]; providers: readonly SignInProvider[] },
): Promise<void> {
  if (!refusesPasswords(input.roles)) return;
  const [school] = await db
    .select({ districtOnly: schools.districtSignInOnly })
    .from(schools)
    .where(eq(schools.id, input.schoolId));
  if (school?.districtOnly) await refuseDistrictOnly(db, input);
}
