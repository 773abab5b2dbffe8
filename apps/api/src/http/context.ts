import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SignInProvider } from '@wellbank/domain';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

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
  signInProviders: readonly SignInProvider[];
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
