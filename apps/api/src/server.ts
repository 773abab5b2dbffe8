import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { databaseReadiness } from './db/readiness.ts';
import { type Env, loadEnv, type PaymentsMode } from './env.ts';
import { appJobs } from './jobs/app-jobs.ts';
import { createJobQueue, queueReadiness } from './jobs/job-queue.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { RETENTION } from './modules/maintenance/maintenance.job.ts';
import { createNoPaymentsProvider } from './modules/payments/no-payments-provider.ts';
import { createStripePayments } from './modules/payments/stripe-provider.ts';
import { createWebPushSender, vapidSubject } from './modules/reminders/push-sender.ts';
import { createReminderKeys } from './modules/reminders/reminder-keys.ts';
import { closeHttpServer, gracefulShutdown } from './operations/graceful-shutdown.ts';
import { createLogDestination, type LogDestination } from './operations/log-destination.ts';
import { createMetrics } from './operations/metrics.ts';
import { sentryOptions } from './operations/sentry-options.ts';
import { DEFAULT_PRESSURE_LIMITS } from './operations/under-pressure.ts';

/** Resolved from this file, not the working directory: `npm start` runs from the repo root. */
const DEFAULT_WEB_DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  const startedAt = performance.now();
  const env = loadEnv();
  const reportError = await errorReporter(env.SENTRY_DSN);
  const logDestination = createLogDestination();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onQuery: sqlTimingLog(env, logDestination),
  });
  const jobs = createJobQueue(database.queueConnection);
  const localUrl = `http://localhost:${env.PORT}`;
  const reminderKeys = createReminderKeys(database.db, env.VAPID);
  const app = await buildApp({
    db: database.db,
    jobs,
    appUrl: env.APP_URL,
    quoteContactEmail: env.QUOTE_CONTACT_EMAIL,
    webDistDir: env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR,
    logger: { level: env.LOG_LEVEL, stream: logDestination },
    reportError,
    trustProxy: env.TRUST_PROXY,
    readiness: [databaseReadiness(database.db), queueReadiness(jobs)],
    pressure: DEFAULT_PRESSURE_LIMITS,
    reminderKeys,
    signInProviders: env.SIGN_IN_PROVIDERS,
    ...(env.METRICS_TOKEN && {
      metrics: createMetrics({
        token: env.METRICS_TOKEN,
        poolUsage: database.poolUsage,
        jobStats: () => jobs.stats(),
      }),
    }),
    ...(env.STRIPE_SECRET_KEY && {
      payments: createStripePayments({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      }),
    }),
    // buildApp's default is the test checkout; a public server gets it only when asked for.
    ...(env.PAYMENTS === 'off' && { payments: { provider: createNoPaymentsProvider() } }),
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
      jobs,
      retention: env.RETENTION,
      log: app.log,
      reminderKeys,
      push: createWebPushSender({
        vapid: () => reminderKeys.vapid(),
        subject: vapidSubject(env.APP_URL, env.MAIL_FROM),
      }),
    }),
    log: app.log,
  });
  // The retention schedule also runs at every start, so a server that was down keeps it.
  await jobs.send(database.db, RETENTION, {});

  const shutdown = gracefulShutdown({
    log: app.log,
    steps: [
      // Stops accepting, answers 503 on kept-alive connections, waits for in-flight requests.
      { name: 'the HTTP server', close: () => closeHttpServer(app) },
      // After the requests that add jobs, before the database: running jobs get 10 s to finish.
      { name: 'the job queue', close: () => jobs.stop() },
      { name: 'the database', close: () => database.close() },
    ],
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    flushLog: (ms) => logDestination.flush(ms),
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const addresses: string[] = [];
  await app.listen({
    port: env.PORT,
    host: '0.0.0.0',
    // Fastify lists every interface address it answers on; the start line names them all.
    listenTextResolver: (address) => {
      addresses.push(address);
      return `answering on ${address}`;
    },
  });
  const database_ = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`;
  app.log.info(
    `Wellbank listening on ${addresses.join(', ')} with ${database_} on Node ${process.versions.node}, ready in ${Math.round(performance.now() - startedAt)} ms; ${linksLine(env.APP_URL, localUrl)}; ${PAYMENTS_LINES[env.PAYMENTS]}`,
  );
}

/** Whether the test checkout is on, said at start: it must never take a real school's payment. */
const PAYMENTS_LINES: Record<PaymentsMode, string> = {
  stripe: 'payments by Stripe, the test checkout is off',
  'test-checkout':
    'the test checkout is ON: schools "pay" without a card (ALLOW_TEST_CHECKOUT=0 turns it off)',
  off: 'payments are OFF: no Stripe key, and the test checkout is off on an https APP_URL (ALLOW_TEST_CHECKOUT=1 turns it on)',
};

/** Where links point: said once at start, because a wrong APP_URL strands paying users. */
function linksLine(appUrl: string | undefined, localUrl: string): string {
  if (appUrl) return `links and checkout returns use APP_URL ${appUrl}`;
  return `APP_URL is unset: checkout returns go back to the address the browser used, mailed links to ${localUrl}`;
}

/** LOG_LEVEL=debug: a line per SQL statement with its time, from migrations on. */
function sqlTimingLog(env: Env, destination: LogDestination) {
  if (env.LOG_LEVEL !== 'debug') return undefined;
  const log = pino({ level: 'debug' }, destination);
  return (sql: string, ms: number) => log.debug({ sql, ms: Math.round(ms * 100) / 100 }, 'sql');
}

/** Sentry only when SENTRY_DSN is set; loaded lazily so a plain start does not pay for it. */
async function errorReporter(dsn: string | undefined): Promise<(error: unknown) => void> {
  if (!dsn) return () => {};
  const Sentry = await import('@sentry/node');
  Sentry.init(sentryOptions(dsn));
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
