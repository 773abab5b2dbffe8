import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../modules/mail/mailer.ts';

/** What every route module receives: the outside world, injected so tests can replace it. */
export interface AppContext {
  db: Db;
  mailer: Mailer;
  /** APP_URL when set: the web app's public base URL, without a trailing slash. */
  appUrl: string | undefined;
  /**
   * Base of mailed links: APP_URL, else this server's own address. Never a request's Host header,
   * which the sender chooses: a reset mail must not carry its token to someone else's site.
   */
  mailUrl: string;
  now: () => Date;
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
