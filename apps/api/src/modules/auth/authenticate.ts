import { paymentRequiredMessage } from '@wellbank/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { AppError, notSignedIn } from '../../http/errors.ts';
import {
  type ClosedSchoolAccess,
  OPEN_TO_CLOSED_SCHOOL_MEMBERS,
  refuseClosedSchool,
} from '../deletion/closed-school.ts';
import { type AuthUser, findSessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` hook. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The route stays open while the caller's payment is due (SPEC.md §2/§6): the session, the
     * user's own record and profile, the payment calls and logout. Every other signed-in route
     * answers 402 until the school's subscription or the member's donation is paid.
     */
    allowWhileUnpaid?: boolean;
    /**
     * Who may call the route while their school is closed for deletion (decisions 0022, 0072):
     * `admins` (cancelling the deletion, exporting the school's data) or `members` (everyone
     * signed in: their own record and logout). Every other signed-in route answers 403; nobody
     * but the admins can sign in.
     */
    allowWhileSchoolClosed?: ClosedSchoolAccess;
  }
}

/** The route option of the few routes a user who still owes a payment may call. */
export const ALLOW_WHILE_UNPAID = { allowWhileUnpaid: true } as const;

/** The user's own record and logout: open while unpaid, and to every member of a closed school. */
export const ALWAYS_OPEN_TO_SELF = {
  ...ALLOW_WHILE_UNPAID,
  ...OPEN_TO_CLOSED_SCHOOL_MEMBERS,
} as const;

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/**
 * An onRequest hook for routes that need a signed-in user: 401 without a valid bearer token, 402
 * while a payment is due unless the route allows it (ALLOW_WHILE_UNPAID). The payment gate lives
 * here, once, so no route can forget it. It runs before the body is parsed and validated, so a
 * caller without a session learns nothing about what a route accepts and costs no parsing.
 */
export function createAuthenticate(context: AppContext) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const user = token && (await findSessionUser(context.db, token, context.now()));
    if (!user) throw notSignedIn();
    const { allowWhileSchoolClosed } = request.routeOptions.config;
    refuseClosedSchool(user.schoolPurgeAfter, user.roles, allowWhileSchoolClosed);
    if (user.paymentDue && !request.routeOptions.config.allowWhileUnpaid) {
      throw new AppError('payment_required', paymentRequiredMessage(user.paymentDue, user.roles));
    }
    request.user = user;
  };
}

/** The signed-in user of a route guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notSignedIn();
  return request.user;
}
