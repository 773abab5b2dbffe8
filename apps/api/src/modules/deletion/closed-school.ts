import { DELETION_MESSAGES, type RoleName } from '@wellbank/domain';
import { AppError } from '../../http/errors.ts';

/**
 * The route option of the few routes a closed school's admin may call (`allowWhileSchoolClosed`,
 * declared with the other route options in auth/authenticate.ts).
 */
export const ALLOW_WHILE_SCHOOL_CLOSED = { allowWhileSchoolClosed: true } as const;

/**
 * The one rule of a closed school, for signing in (`openSession`) and for every signed-in request
 * (`authenticate`): its admins only, and on a request only the routes that allow it.
 */
export function refuseClosedSchool(
  purgeAfter: Date | string | null,
  roles: readonly RoleName[],
  route: { allowWhileSchoolClosed?: boolean } = { allowWhileSchoolClosed: true },
): void {
  if (purgeAfter === null) return;
  if (!roles.includes('admin')) {
    throw new AppError('forbidden', DELETION_MESSAGES.schoolClosedForMembers);
  }
  if (!route.allowWhileSchoolClosed) {
    throw new AppError('forbidden', DELETION_MESSAGES.schoolClosedForAdmins);
  }
}
