import type { Db } from '../../db/client.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { purgeDueSchools } from './school-deletion.service.ts';

export const SCHOOL_PURGE = jobType<object>('school-purge');

/**
 * Daily at 03:17 UTC, on one instance (the queue's cron): deletes the closed schools whose 30 days
 * of grace are over. A school is purged within a day of its date; the date shown to the admin is
 * the earliest it can go.
 */
export function schoolPurgeJob(deps: { db: Db; now: () => Date }): JobDefinition {
  return {
    type: SCHOOL_PURGE,
    cron: '17 3 * * *',
    // Each school is its own transaction, so a retry only redoes the ones not purged yet.
    queue: { retryLimit: 3, retryDelay: 15 * 60, retryBackoff: true, expireInSeconds: 30 * 60 },
    async run() {
      await purgeDueSchools(deps.db, deps.now());
    },
  };
}
