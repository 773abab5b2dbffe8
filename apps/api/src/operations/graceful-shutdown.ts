import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** One thing to close on the way out, in the order given. */
export interface ShutdownStep {
  name: string;
  close(): Promise<unknown>;
}

export interface ShutdownOptions {
  log: FastifyBaseLogger;
  /** HTTP first (stop accepting, finish in-flight requests), then workers, the database last. */
  steps: ShutdownStep[];
  /** Past this the process exits 1 whatever is still running. */
  timeoutMs: number;
  /** Writes out the buffered log, giving up after the time given. */
  flushLog(timeoutMs: number): Promise<void>;
  exit?: (code: number) => void;
}

/** The last log lines get this long to leave, on top of `timeoutMs`. */
const LOG_FLUSH_MS = 500;
/** How often connections that went idle while closing are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * SIGTERM/SIGINT: close each step in turn and exit 0, or 1 if a step failed. A deadline bounds it
 * all: a request that never ends or a database that never answers cannot keep the process alive
 * past `timeoutMs` (+ LOG_FLUSH_MS). A second signal changes nothing; the deadline still holds.
 * Returns the handler, which server.ts installs and tests call directly.
 */
export function gracefulShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;
  let exiting = false;

  async function finish(code: number) {
    if (exiting) return;
    exiting = true;
    await options.flushLog(LOG_FLUSH_MS);
    exit(code);
  }

  return async (signal) => {
    if (started) return;
    started = true;
    options.log.info(`${signal} received, closing (at most ${options.timeoutMs} ms)`);
    const deadline = setTimeout(() => {
      options.log.error(`still closing after ${options.timeoutMs} ms: exiting anyway`);
      void finish(1);
    }, options.timeoutMs);
    let code = 0;
    for (const step of options.steps) {
      try {
        await step.close();
      } catch (error) {
        options.log.error({ err: error }, `could not close ${step.name}`);
        code = 1;
      }
    }
    clearTimeout(deadline);
    await finish(code);
  };
}

/**
 * Stops accepting, lets the requests in flight finish, then closes. Fastify closes the connections
 * idle when closing starts; one whose request finishes later would otherwise stay open for its
 * keep-alive time (72 s) and hold the close, so idle connections are closed until it is done.
 */
export async function closeHttpServer(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
