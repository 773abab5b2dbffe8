import type { QueueOptions } from 'pg-boss';

/** A kind of job: the name of its queue, and (as a type only) the data its jobs carry. */
export interface JobType<Data extends object> {
  name: string;
  /** Never set: it only ties the data's type to the name, so `send` and `run` agree. */
  readonly data?: Data;
}

export function jobType<Data extends object>(name: string): JobType<Data> {
  return { name };
}

/** What the queue needs to run one kind of job. Modules define theirs; jobs/app-jobs.ts lists them. */
export interface JobDefinition<Data extends object = object> {
  type: JobType<Data>;
  /** Its queue's retries, backoff, expiry, heartbeat and retention (pg-boss's QueueOptions). */
  queue: QueueOptions;
  /** Workers of this queue in each instance (pg-boss `localConcurrency`); 1 unless said. */
  localConcurrency?: number;
  /** A cron expression in UTC: each occurrence becomes one job, which one instance runs. */
  cron?: string;
  /** One attempt. Throwing fails it, and pg-boss retries it as `queue` says. */
  run(data: Data): Promise<void>;
}

/** Where the queue reports failed attempts; Fastify's logger fits. */
export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The gauges the metrics read: jobs waiting (due or retrying), running, and failed for good. */
export interface JobStats {
  queued: number;
  active: number;
  failed: number;
}
