import { SIGN_IN_RESTRICTIONS, type SignInProviderId } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schoolSignInMethods } from '../../db/schema.ts';

/**
 * Whether a school lets its people in through this provider with these ID-token claims
 * (decision 0050): a provider the school has no row for is accepted as configured; a row may turn
 * it off or require the school's domain, tenant or district. Checked at every district sign-in,
 * so narrowing a provider takes effect at once.
 */
export async function schoolAcceptsSignIn(
  db: Db,
  input: { schoolId: number; provider: SignInProviderId; claims: Record<string, unknown> },
): Promise<boolean> {
  const [method] = await db
    .select({ enabled: schoolSignInMethods.enabled, restriction: schoolSignInMethods.restriction })
    .from(schoolSignInMethods)
    .where(
      and(
        eq(schoolSignInMethods.schoolId, input.schoolId),
        eq(schoolSignInMethods.provider, input.provider),
      ),
    );
  if (!method) return true;
  if (!method.enabled) return false;
  const restriction = SIGN_IN_RESTRICTIONS[input.provider];
  if (!method.restriction || !restriction) return true;
  const claim = input.claims[restriction.claim];
  return typeof claim === 'string' && claim.toLowerCase() === method.restriction.toLowerCase();
}
