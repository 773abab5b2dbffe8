import type { Db } from '../../db/client.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { tickFamilySummaries } from '../family/family-summary.job.ts';
import { tickReminders } from './reminder-scheduler.ts';

export const REMINDER_TICK = jobType<Record<string, never>>('reminder-tick');

/**
 * Every minute, on one instance (a pg-boss schedule): claim the reminders due in the minutes
 * just past and queue their delivery. A failed tick is not retried: the next one looks back far
 * enough (REMINDER_LOOKBACK_MINUTES) to find the same users.
 */
export function reminderTickJob(deps: {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  now: () => Date;
}): JobDefinition<Record<string, never>> {
  return {
    type: REMINDER_TICK,
    queue: { retryLimit: 0, expireInSeconds: 60, deleteAfterSeconds: 60 * 60 },
    cron: '* * * * *',
    async run() {
      const now = deps.now();
      await tickReminders({ db: deps.db, jobs: deps.jobs, now });
      // The family's weekly e-mail is claimed by the same minute's tick (decision 0080).
      await tickFamilySummaries({ db: deps.db, jobs: deps.jobs, now });
    },
  };
}
