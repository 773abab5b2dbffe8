import { DELETION_MESSAGES, type RoleName } from '@wellbank/domain';
import { AppError } from '../../http/errors.ts';

/**
 * Route options for a school closed for deletion (`allowWhileSchoolClosed`, declared with the
 * other route options in auth/authenticate.ts): `admins` for the routes its admins keep (export,
 * cancel), `members` for the two every signed-in member keeps (their own record, which tells the
 * web app the school is closing, and logout).
 */
export const ALLOW_WHILE_SCHOOL_CLOSED = { allowWhileSchoolClosed: 'admins' } as const;
export const OPEN_TO_CLOSED_SCHOOL_MEMBERS = { allowWhileSchoolClosed: 'members' } as const;

export type ClosedSchoolAccess = 'admins' | 'members';

/**
 * The one rule of a closed school (decision 0072), for signing in (`openSession`: `admins`, so
 * only they sign in) and for every signed-in request (`authenticate`: the route's option). A
 * member's session is kept, so after a cancellation it works again without a sign-in; until then
 * everything but the `members` routes answers 403.
 */
export function refuseClosedSchool(
  purgeAfter: Date | string | null,
  roles: readonly RoleName[],
  allowed: ClosedSchoolAccess | undefined,
): void {
  if (purgeAfter === null || allowed === 'members') return;
  if (!roles.includes('admin')) {
    throw new AppError('forbidden', DELETION_MESSAGES.schoolClosedForMembers);
  }
  if (allowed !== 'admins') {
    throw new AppError('forbidden', DELETION_MESSAGES.schoolClosedForAdmins);
  }
}
