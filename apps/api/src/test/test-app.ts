import { RETENTION_DEFAULTS, type RetentionSettings } from '@wellbank/domain';
import type { QueueOptions } from 'pg-boss';
import { type AppDeps, buildApp } from '../app.ts';
import { appJobs } from '../jobs/app-jobs.ts';
import type { JobLog } from '../jobs/job.ts';
import { createJobQueue, type QueueTiming } from '../jobs/job-queue.ts';
import type { Mailer, MailMessage } from '../modules/mail/mailer.ts';
import { createWebPushSender, type PushSender } from '../modules/reminders/push-sender.ts';
import { createReminderKeys } from '../modules/reminders/reminder-keys.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_APP_URL = 'http://wellbank.test';

/** A clock that follows real time until a test moves it. */
function createTestClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
    /** Jumps to an absolute instant (ISO), from which real time keeps running. */
    set(instant: string) {
      offsetMs = Date.parse(instant) - Date.now();
    },
  };
}

/** The queue's background passes, as often as pg-boss allows. */
export const TEST_QUEUE_TIMING: QueueTiming = {
  pollingIntervalSeconds: 0.5,
  superviseIntervalSeconds: 1,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
};

export interface TestAppOptions extends Pick<AppDeps, 'payments' | 'appUrl' | 'signInProviders'> {
  /** Base of mailed links (server.ts: APP_URL, else the server's own address). */
  mailUrl?: string;
  /** Real delivery (SMTP to a test server, say) instead of the in-memory `mailbox`. */
  mailer?: Mailer;
  /** Real pollers at TEST_QUEUE_TIMING; otherwise jobs run only when the test calls `runJobs()`. */
  workers?: boolean;
  /** The retention schedule's periods; the defaults unless given. */
  retention?: RetentionSettings;
  /** Replaces options of every queue (quicker retries, say). */
  queueOptions?: QueueOptions;
  /** Web Push; by default the real sender, to whatever endpoints the test registered. */
  push?: PushSender;
}

export interface LoggedLine {
  level: 'info' | 'warn' | 'error';
  details: object;
  message: string;
}

/** One app on one fresh migrated database per test file (creating one takes seconds). */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase();
  const mailbox: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? {
    async send(message) {
      mailbox.push(message);
    },
  };
  const clock = createTestClock();
  const reminderKeys = createReminderKeys(database.db);
  const jobs = createJobQueue(
    database.queueConnection,
    options.workers ? TEST_QUEUE_TIMING : false,
  );
  const jobLines: LoggedLine[] = [];
  const log: JobLog = {
    warn: (details, message) => jobLines.push({ level: 'warn', details, message }),
    error: (details, message) => jobLines.push({ level: 'error', details, message }),
  };
  const definitions = appJobs({
    db: database.db,
    mailer,
    mailUrl: options.mailUrl ?? TEST_APP_URL,
    now: clock.now,
    jobs,
    retention: options.retention ?? RETENTION_DEFAULTS,
    log: { info: (details, message) => jobLines.push({ level: 'info', details, message }) },
    reminderKeys,
    push:
      options.push ??
      createWebPushSender({
        vapid: () => reminderKeys.vapid(),
        subject: 'mailto:ops@wellbank.test',
      }),
  });
  await jobs.start({
    jobs: definitions.map((job) => ({ ...job, queue: { ...job.queue, ...options.queueOptions } })),
    log,
  });
  const app = await buildApp({
    db: database.db,
    jobs,
    appUrl: 'appUrl' in options ? options.appUrl : TEST_APP_URL,
    now: clock.now,
    reminderKeys,
    // Tests stand in for the push service on a loopback address.
    pushEndpointAllowed: () => true,
    ...(options.payments && { payments: options.payments }),
    ...(options.signInProviders && { signInProviders: options.signInProviders }),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    /** For more queue instances on the same database. */
    queueConnection: database.queueConnection,
    jobs,
    reminderKeys,
    mailbox,
    /** What the jobs logged: failed attempts, retention runs. */
    jobLines,
    clock,
    /** Runs the jobs that are due, mail included, as the workers would (`workers` off). */
    runJobs: () => jobs.runDueJobs(),
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
