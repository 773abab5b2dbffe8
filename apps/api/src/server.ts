import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { loadEnv } from './env.ts';
import { appJobs } from './jobs/app-jobs.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createStripePayments } from './modules/payments/stripe-provider.ts';

/** Resolved from this file, not the working directory: `npm start` runs from the repo root. */
const DEFAULT_WEB_DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  const startedAt = performance.now();
  const env = loadEnv();
  const reportError = await errorReporter(env.SENTRY_DSN);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const jobs = createJobQueue(database.queueConnection);
  const localUrl = `http://localhost:${env.PORT}`;
  const app = await buildApp({
    db: database.db,
    jobs,
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

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    outboxDir: join(env.DATA_DIR, 'outbox'),
    from: env.MAIL_FROM,
    log: (line) => app.log.info(line),
  });
  // Creates or migrates the queue's schema, then runs jobs, and the schedules on one instance.
  await jobs.start({
    jobs: appJobs({
      db: database.db,
      mailer,
      mailUrl: env.APP_URL ?? localUrl,
      now: () => new Date(),
    }),
    log: app.log,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: '0.0.0.0' });
  const database_ = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`;
  app.log.info(
    `Wellbank listening on ${localUrl} (port ${env.PORT} on every address of this machine) with ${database_}, ready in ${Math.round(performance.now() - startedAt)} ms; ${linksLine(env.APP_URL, localUrl)}`,
  );
}

/** Where links point: said once at start, because a wrong APP_URL strands paying users. */
function linksLine(appUrl: string | undefined, localUrl: string): string {
  if (appUrl) return `links and checkout returns use APP_URL ${appUrl}`;
  return `APP_URL is unset: checkout returns go back to the address the browser used, mailed links to ${localUrl}`;
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
