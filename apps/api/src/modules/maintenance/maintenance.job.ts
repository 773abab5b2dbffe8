import type { RetentionSettings } from '@wellbank/domain';
import type { Db } from '../../db/client.ts';
import { type JobDefinition, jobType } from '../../jobs/job.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { deleteExpiredSchoolLessEntries } from '../audit-log/audit-log.ts';
import { deleteExpiredPasswordResets } from '../auth/auth.service.ts';
import { deleteExpiredSessions } from '../auth/sessions.ts';
import { storeClosedWeeks } from '../insights/closed-weeks.ts';
import { closeFinishedDays } from '../points/closed-points.ts';
import { deleteExpiredRateLimits } from '../rate-limit/rate-limit.service.ts';
import { deleteOldReminderSends } from '../reminders/reminders.service.ts';
import { deleteExpiredInvitations } from '../roster/invitations.service.ts';
import { deleteExpiredDistrictSignIns } from '../sign-in/district-sign-in.service.ts';
import { deleteExpiredEmailLinks } from '../users/email-links.service.ts';
import { reduceOldActivityDetail } from './activity-detail.ts';
import { deleteInactiveAccounts, noticeInactiveAccounts } from './inactive-accounts.ts';
import { deleteLeftStudents } from './leaving-students.ts';

export const MAINTENANCE = jobType<object>('maintenance');
export const RETENTION = jobType<object>('retention');

/** Fastify's logger fits. */
export interface InfoLog {
  info(details: object, message: string): void;
}

export interface RetentionDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  now: () => Date;
  retention: RetentionSettings;
  log: InfoLog;
}

/** Rows that can no longer be used, so nothing keeps them. Returns how many went, by table. */
export async function deleteExpiredRows(db: Db, now: Date) {
  return {
    authSessions: await deleteExpiredSessions(db, now),
    passwordResets: await deleteExpiredPasswordResets(db, now),
    rateLimits: await deleteExpiredRateLimits(db, now),
    schoolLessAuditEntries: await deleteExpiredSchoolLessEntries(db),
    reminderSends: await deleteOldReminderSends(db, now),
    invitations: await deleteExpiredInvitations(db, now),
    emailLinks: await deleteExpiredEmailLinks(db, now),
    districtSignIns: await deleteExpiredDistrictSignIns(db, now),
  };
}

/**
 * The retention schedule of the privacy policy (decision 0023), in one run: expired rows, old
 * days reduced to their totals, notices to inactive accounts, then their deletion, and the
 * students a year-end rollover marked leaving whose grace period has passed. Each step is
 * idempotent, so a run repeated (at start and by the schedule, or retried) does no harm. Logged
 * with its counts, so the schedule's enforcement can be seen in the log.
 */
export async function runRetention(deps: Omit<RetentionDeps, 'log'>) {
  const now = deps.now();
  const expired = await deleteExpiredRows(deps.db, now);
  const reduced = await reduceOldActivityDetail(deps.db, now, deps.retention.detailMonths);
  const deletedAccounts = await deleteInactiveAccounts(deps.db, now, deps.retention);
  const notices = await noticeInactiveAccounts(deps.db, deps.jobs, now, deps.retention);
  const leftStudents = await deleteLeftStudents(deps.db, now);
  return {
    ...expired,
    reducedActivities: reduced.activities,
    reducedPiggyBanks: reduced.piggyBanks,
    inactiveAccountsNoticed: notices.noticed,
    inactivityMailsQueued: notices.mailed,
    // Last: the server test reads the start's run by its final count.
    leavingStudentsDeleted: leftStudents,
    inactiveAccountsDeleted: deletedAccounts,
  };
}

/**
 * Hourly, at minute 7 (UTC): the rate-limit windows are at most an hour long, so their rows are
 * cleared as often as before, when every instance did it on a timer. Now one instance does it.
 */
export function maintenanceJob(deps: Pick<RetentionDeps, 'db' | 'now'>): JobDefinition {
  return {
    type: MAINTENANCE,
    cron: '7 * * * *',
    // A failed run is not worth retrying for long: the next hour's run does the same work.
    queue: { retryLimit: 1, retryDelay: 60, expireInSeconds: 10 * 60 },
    async run() {
      await deleteExpiredRows(deps.db, deps.now());
      // Within the hour after a school's midnight, the day that closed reaches everyone's view
      // of points (decision 0043).
      await closeFinishedDays(deps.db, deps.now());
      // The weeks those days completed, stored for the school insights (decision 0057).
      await storeClosedWeeks(deps.db, deps.now());
    },
  };
}

/** Daily at 03:17 UTC (night in US schools), and once at every start (server.ts). */
export function retentionJob(deps: RetentionDeps): JobDefinition {
  return {
    type: RETENTION,
    cron: '17 3 * * *',
    queue: { retryLimit: 3, retryDelay: 10 * 60, expireInSeconds: 30 * 60 },
    async run() {
      const counts = await runRetention(deps);
      deps.log.info({ retention: counts }, 'retention run');
    },
  };
}
