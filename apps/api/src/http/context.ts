import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SignInProvider } from '@wellbank/domain';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

/**
 * A district sign-in provider the deployment configured (decision 0050): its button's name, its
 * issuer (discovered at `{issuer}/.well-known/openid-configuration`) and Wellbank's client there.
 * The redirect URI registered with it is `{APP_URL}/api/v1/sign-in/oidc/{id}/callback`.
 */
export interface SignInProviderConfig extends SignInProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What every route module receives: the outside world, injected so tests can replace it. */
export interface AppContext {
  db: Db;
  /** Enqueues in the caller's transaction (jobs/job-queue.ts); mail goes out this way. */
  jobs: Pick<JobQueue, 'send' | 'sendMany'>;
  /** APP_URL when set: the web app's public base URL, without a trailing slash. */
  appUrl: string | undefined;
  now: () => Date;
  /** Where a school with more students than the tiers cover asks for a quote. */
  quoteContactEmail: string;
  /** The district sign-in providers the deployment configured, in the login page's order. */
  signInProviders: readonly SignInProviderConfig[];
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
