import { type SQL, sql } from 'drizzle-orm';
import {
  type Db as BossDb,
  type ConstructorOptions,
  fromDrizzle,
  fromPglite,
  type JobWithMetadata,
  PgBoss,
} from 'pg-boss';
import type { Db, QueueConnection } from '../db/client.ts';
import type { ReadinessCheck } from '../operations/readiness.ts';
import type { JobDefinition, JobLog, JobStats, JobType } from './job.ts';

/** How often the queue's background passes run (seconds); tests shorten them. */
export interface QueueTiming {
  /** An idle worker looks for jobs this often; a NOTIFY wakes it at once where it has a listener. */
  pollingIntervalSeconds: number;
  /**
   * Jobs whose worker died (no heartbeat) or overran are failed into a retry, and the counts of
   * `stats()` refreshed, this often.
   */
  superviseIntervalSeconds: number;
  /** The cron pass turns due schedule occurrences into jobs this often. */
  cronMonitorIntervalSeconds: number;
  cronWorkerIntervalSeconds: number;
}

const PRODUCTION_TIMING: QueueTiming = {
  pollingIntervalSeconds: 2,
  superviseIntervalSeconds: 10,
  cronMonitorIntervalSeconds: 30,
  cronWorkerIntervalSeconds: 5,
};

/**
 * The app's job queue: pg-boss on the app's own database (PGlite or PostgreSQL), its schema
 * (`pgboss`) created or migrated by `start()`. `workers: false` starts no pollers, supervisor or
 * cron pass: the caller runs jobs with `runDueJobs()` (tests, so a job runs when the test says).
 */
export function createJobQueue(
  connection: QueueConnection,
  workers: QueueTiming | false = PRODUCTION_TIMING,
) {
  const boss = new PgBoss({ ...bossConnection(connection), ...bossOptions(workers) });
  let definitions: JobDefinition[] = [];
  let log: JobLog | undefined;
  let running = false;
  boss.on('error', (error) => log?.error({ err: error }, 'job queue error'));
  boss.on('stopped', () => {
    running = false;
  });

  async function runAttempt(job: JobWithMetadata<object>): Promise<void> {
    const definition = definitions.find((each) => each.type.name === job.name);
    if (!definition) throw new Error(`no job definition for ${job.name}`);
    try {
      await definition.run(job.data);
    } catch (error) {
      const attempt = job.retryCount + 1;
      const details = { err: error, job: job.name, id: job.id, attempt };
      if (job.retryCount >= job.retryLimit) {
        log?.error(details, `job ${job.name} failed for good after ${attempt} attempts`);
      } else {
        log?.warn(details, `job ${job.name} failed (attempt ${attempt}), will retry`);
      }
      throw error;
    }
  }

  return {
    async start(options: { jobs: JobDefinition[]; log: JobLog }): Promise<void> {
      ({ jobs: definitions, log } = options);
      await boss.start();
      for (const { type, queue } of definitions) {
        // createQueue leaves an existing queue as it is; updateQueue brings it to today's options.
        await boss.createQueue(type.name, { ...queue, notify: true });
        await boss.updateQueue(type.name, { ...queue, notify: true });
      }
      if (workers) {
        const { pollingIntervalSeconds } = workers;
        for (const { type, cron, concurrency } of definitions) {
          // While LISTEN works a new job wakes a worker at once, but a retry coming due sends no
          // NOTIFY: without the second interval it would wait pg-boss's 30 s backstop poll.
          // A backlog (a roster import's 5,000 invitations) is worked without a pause between
          // jobs: otherwise each worker took one job per polling interval (decision 0030).
          const options = {
            includeMetadata: true,
            pollingIntervalSeconds,
            notifyPollingIntervalSeconds: pollingIntervalSeconds,
            burstWhenReadyExceeds: 1,
            localConcurrency: concurrency ?? 1,
          } as const;
          await boss.work(type.name, options, ([job]: JobWithMetadata<object>[]) =>
            job ? runAttempt(job) : Promise.resolve(),
          );
          if (cron) await boss.schedule(type.name, cron, {}, { tz: 'UTC' });
        }
      }
      running = true;
    },

    /**
     * Enqueues a job as one statement on `db`: pass the request's transaction, and the job exists
     * if and only if that transaction commits.
     */
    async send<Data extends object>(db: Db, type: JobType<Data>, data: Data): Promise<void> {
      await boss.send(type.name, data, { db: bossDb(db) });
    },

    /**
     * Enqueues many jobs of one type as few statements on `db` (one per 1,000), in its
     * transaction like `send`: a roster import's invitations (decision 0030).
     */
    async sendMany<Data extends object>(db: Db, type: JobType<Data>, data: Data[]): Promise<void> {
      for (let start = 0; start < data.length; start += 1000) {
        const batch = data.slice(start, start + 1000).map((each) => ({ data: each }));
        await boss.insert(type.name, batch, { db: bossDb(db) });
      }
    },

    /** Runs every job that is due now, and those they enqueue, until none is left (tests). */
    async runDueJobs(): Promise<void> {
      for (let ran = true; ran; ) {
        ran = false;
        for (const { type } of definitions) {
          for (const job of await boss.fetch<object>(type.name, {
            includeMetadata: true,
            batchSize: 20,
          })) {
            ran = true;
            await runAttempt(job).then(
              () => boss.complete(type.name, job.id),
              (error: unknown) => boss.fail(type.name, job.id, { message: String(error) }),
            );
          }
        }
      }
    },

    /** Counts over every queue, as of the supervisor's last pass (at most 10 s old). */
    async stats(): Promise<JobStats> {
      const queues = await boss.getQueues(definitions.map(({ type }) => type.name));
      const sum = (count: (queue: (typeof queues)[number]) => number) =>
        queues.reduce((total, queue) => total + count(queue), 0);
      return {
        queued: sum((queue) => queue.queuedCount),
        active: sum((queue) => queue.activeCount),
        failed: sum((queue) => queue.failedCount),
      };
    },

    /** Started and not stopped: the readiness check. */
    isRunning(): boolean {
      return running;
    },

    /** Lets running jobs finish for up to 10 s; one cut short is retried once its heartbeat lapses. */
    async stop(): Promise<void> {
      running = false;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

/** GET /readyz: an instance whose queue has stopped would take requests whose mail never leaves. */
export function queueReadiness(jobs: Pick<JobQueue, 'isRunning'>): ReadinessCheck {
  return {
    name: 'job queue',
    async check() {
      if (!jobs.isRunning()) throw new Error('the job queue is not running');
    },
  };
}

/** pg-boss's Drizzle adapter; both drivers' `execute` results carry `rows`, which is all it reads. */
function bossDb(db: Db): BossDb {
  return fromDrizzle(
    { execute: (query) => db.execute(query as SQL) as Promise<{ rows: [] }> },
    sql,
  );
}

function bossConnection(connection: QueueConnection): ConstructorOptions {
  if (connection.kind === 'pglite') {
    return { db: fromPglite(connection.client), backend: 'pglite' };
  }
  // Its own pool: a few connections for polling and jobs, plus one held for LISTEN.
  return { connectionString: connection.connectionString, max: 4 };
}

function bossOptions(workers: QueueTiming | false): ConstructorOptions {
  // The registry of instances only feeds pg-boss's dashboard; it would write every 30 s.
  if (!workers) return { supervise: false, schedule: false, registerInstance: false };
  const { superviseIntervalSeconds, cronMonitorIntervalSeconds, cronWorkerIntervalSeconds } =
    workers;
  return {
    useListenNotify: true,
    superviseIntervalSeconds,
    // Expiry and heartbeat checks run in the monitor pass, so it keeps the supervisor's pace.
    monitorIntervalSeconds: superviseIntervalSeconds,
    // The backlog counts a worker's burst reads (`burstWhenReadyExceeds`) are as fresh as this.
    queueCacheIntervalSeconds: superviseIntervalSeconds,
    cronMonitorIntervalSeconds,
    cronWorkerIntervalSeconds,
    registerInstance: false,
  };
}
