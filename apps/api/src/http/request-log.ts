import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/**
 * One log line per request, once it is answered: its id, method, path (without the query),
 * status and the time inside the server. Fastify's own request logging writes two (received and
 * completed), and the first says nothing the second does not.
 *
 * Fastify calls its log controller's `requestCompleted` when a response has finished, whatever
 * hooks there are: writing the line there costs no `onResponse` hook (docs/performance.md). Every
 * other request log of Fastify's stays off, as with `disableRequestLogging`.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Health probes come every few seconds and would drown the requests that matter.
    if (request.routeOptions.config.probe) return;
    // The server's logger with the request's id, as the request's own logger would write it: the
    // line does not need the per-request child logger (requestLogger below).
    request.server.log.info(
      {
        [this.requestIdLogLabel]: request.id,
        method: request.method,
        // The path only: query strings carry e-mails, school codes and reset tokens
        // (/teams?email=…, /forgot-password/reset?token=…), which do not belong in logs.
        path: request.url.split('?', 1)[0],
        statusCode: reply.statusCode,
        ms: Math.round((performance.now() - request.receivedAt) * 100) / 100,
      },
      'request completed',
    );
  }
}

/**
 * Fastify's `childLoggerFactory`: `request.log`, a child of the server's logger bound to the
 * request's id, made the first time something logs through it (an error, a warning). Fastify
 * made a pino child for every request, and most requests log nothing but the line above.
 */
export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  parent,
  bindings,
  options,
) => new LazyChildLogger(parent, bindings, options);

/** pino's overloaded log method, called with whatever its caller passed. */
type AnyLogFn = (...args: unknown[]) => void;

class LazyChildLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#logger.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  fatal(...args: unknown[]): void {
    (this.#logger.fatal as AnyLogFn)(...args);
  }

  error(...args: unknown[]): void {
    (this.#logger.error as AnyLogFn)(...args);
  }

  warn(...args: unknown[]): void {
    (this.#logger.warn as AnyLogFn)(...args);
  }

  info(...args: unknown[]): void {
    (this.#logger.info as AnyLogFn)(...args);
  }

  debug(...args: unknown[]): void {
    (this.#logger.debug as AnyLogFn)(...args);
  }

  trace(...args: unknown[]): void {
    (this.#logger.trace as AnyLogFn)(...args);
  }

  silent(...args: unknown[]): void {
    (this.#logger.silent as AnyLogFn)(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}
