import { DELETION_MESSAGES, type RoleName } from '@wellbank/domain';
import { AppError } from '../../http/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route stays open to the admins of a school closed for deletion (decision 0022): their
     * own record, logout, cancelling the deletion, and exporting the school's data. Every other
     * signed-in route answers them 403; the school's other members cannot sign in at all.
     */
    allowWhileSchoolClosed?: boolean;
  }
}

/** The route option of the few routes a closed school's admin may call. */
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
