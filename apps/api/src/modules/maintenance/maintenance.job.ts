import type { Db } from '../../db/client.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import { deleteExpiredSchoolLessEntries } from '../audit-log/audit-log.ts';
import { deleteExpiredPasswordResets } from '../auth/auth.service.ts';
import { deleteIdleSessions } from '../auth/sessions.ts';
import { deleteExpiredRateLimits } from '../rate-limit/rate-limit.service.ts';

const MAINTENANCE = jobType<object>('maintenance');

/** Rows that can no longer be used, so nothing keeps them. Returns how many went, by table. */
export async function deleteExpiredRows(db: Db, now: Date) {
  return {
    authSessions: await deleteIdleSessions(db, now),
    passwordResets: await deleteExpiredPasswordResets(db, now),
    rateLimits: await deleteExpiredRateLimits(db, now),
    schoolLessAuditEntries: await deleteExpiredSchoolLessEntries(db),
  };
}

/**
 * Hourly, at minute 7 (UTC): the rate-limit windows are at most an hour long, so their rows are
 * cleared as often as before, when every instance did it on a timer. Now one instance does it.
 */
export function maintenanceJob(deps: { db: Db; now: () => Date }): JobDefinition {
  return {
    type: MAINTENANCE,
    cron: '7 * * * *',
    // A failed run is not worth retrying for long: the next hour's run does the same work.
    queue: { retryLimit: 1, retryDelay: 60, expireInSeconds: 10 * 60 },
    async run() {
      await deleteExpiredRows(deps.db, deps.now());
    },
  };
}
