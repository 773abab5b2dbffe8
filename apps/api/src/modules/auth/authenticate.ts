import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { notSignedIn } from '../../http/errors.ts';
import { type AuthUser, findSessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` hook. */
    user: AuthUser | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/**
 * An onRequest hook for routes that need a signed-in user: 401 without a valid bearer token.
 * It runs before the body is parsed and validated, so a caller without a session learns nothing
 * about what a route accepts and costs no parsing.
 */
export function createAuthenticate(context: AppContext) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const user = token && (await findSessionUser(context.db, token, context.now()));
    if (!user) throw notSignedIn();
    request.user = user;
  };
}

/** The signed-in user of a route guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notSignedIn();
  return request.user;
}
