import { MESSAGES } from '@wellbank/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The web app's base URL for addresses a browser is sent to (the checkout page, its return URLs):
 * APP_URL when set, else the origin this request came to. So a user who opened
 * http://127.0.0.1:3000 comes back there, where their session is stored, and not to localhost.
 * With TRUST_PROXY, Fastify reads the protocol and host from the proxy's X-Forwarded-* headers.
 * Only the caller's own browser follows these, so a forged Host header misleads only its sender;
 * mailed links never use it (the reset-mail job's `mailUrl`).
 */
export function webAppUrl(request: FastifyRequest, appUrl: string | undefined): string {
  if (appUrl) return appUrl;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw new AppError('bad_request', MESSAGES.badHostHeader);
  }
}
