import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { loadEnv } from './env.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createStripePayments } from './modules/payments/stripe-provider.ts';
import { deleteExpiredRateLimits } from './modules/rate-limit/rate-limit.service.ts';

/** Resolved from this file, not the working directory: `npm start` runs from the repo root. */
const DEFAULT_WEB_DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  const startedAt = performance.now();
  const env = loadEnv();
  const reportError = await errorReporter(env.SENTRY_DSN);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const app = await buildApp({
    db: database.db,
    mailer: createMailer({
      smtpUrl: env.SMTP_URL,
      outboxDir: join(env.DATA_DIR, 'outbox'),
      from: env.MAIL_FROM,
      log: (line) => app.log.info(line),
    }),
    appUrl: env.APP_URL,
    webDistDir: env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR,
    logger: { level: env.LOG_LEVEL, stream: logDestination() },
    reportError,
    trustProxy: env.TRUST_PROXY,
    ...(env.STRIPE_SECRET_KEY && {
      payments: createStripePayments({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      }),
    }),
  });
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    app.log.warn(
      'STRIPE_WEBHOOK_SECRET is not set: a Stripe payment is recorded only if the payer comes back to Wellbank',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: '0.0.0.0' });
  // Every instance deletes rate-limit windows that are over, now and then hourly.
  const cleanRateLimits = () =>
    deleteExpiredRateLimits(database.db, new Date()).catch((error: unknown) =>
      app.log.error(error, 'could not delete expired rate limits'),
    );
  void cleanRateLimits();
  setInterval(cleanRateLimits, 60 * 60 * 1000).unref();
  const database_ = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`;
  app.log.info(
    `Wellbank listening on ${env.APP_URL} with ${database_} on Node ${process.versions.node}, ready in ${Math.round(performance.now() - startedAt)} ms`,
  );
}

/**
 * Log lines are buffered and leave in asynchronous writes of 4 KB, and at least once a second so
 * a quiet server's log stays current: a write per line cost a system call and a thread-pool
 * hand-off per request, 8 % of the server's CPU per activity write (docs/performance.md). pino
 * flushes what is left when the process exits.
 */
function logDestination() {
  return pino.destination({ sync: false, minLength: 4096, periodicFlush: 1000 });
}

/** Sentry only when SENTRY_DSN is set; loaded lazily so a plain start does not pay for it. */
async function errorReporter(dsn: string | undefined): Promise<(error: unknown) => void> {
  if (!dsn) return () => {};
  const Sentry = await import('@sentry/node');
  Sentry.init({ dsn });
  return (error) => Sentry.captureException(error);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Wellbank failed to start:', error);
  }
  process.exit(1);
});
