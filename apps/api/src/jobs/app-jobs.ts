import type { RetentionSettings } from '@wellbank/domain';
import type { Db } from '../db/client.ts';
import { passwordResetMailJob } from '../modules/auth/password-reset-mail.job.ts';
import { schoolDeletionMailJob } from '../modules/deletion/school-deletion-mail.job.ts';
import { schoolPurgeJob } from '../modules/deletion/school-purge.job.ts';
import { familySummaryJob } from '../modules/family/family-summary.job.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import { inactivityNoticeMailJob } from '../modules/maintenance/inactivity-notice-mail.job.ts';
import {
  type InfoLog,
  maintenanceJob,
  retentionJob,
} from '../modules/maintenance/maintenance.job.ts';
import { paymentReceiptMailJob } from '../modules/payments/receipt-mail.job.ts';
import type { PushSender } from '../modules/reminders/push-sender.ts';
import { reminderDeliveryJob } from '../modules/reminders/reminder-delivery.job.ts';
import type { ReminderKeys } from '../modules/reminders/reminder-keys.ts';
import { reminderTickJob } from '../modules/reminders/reminder-tick.job.ts';
import { invitationMailJob } from '../modules/roster/invitation-mail.job.ts';
import { studentEmailMailJob } from '../modules/roster/student-email-mail.job.ts';
import { schoolWelcomeMailJob } from '../modules/schools/school-welcome-mail.job.ts';
import { talkRequestMailJob } from '../modules/stress-choice/talk-request-mail.job.ts';
import {
  emailChangeNoticeMailJob,
  emailConfirmationMailJob,
} from '../modules/users/email-link-mail.job.ts';
import type { JobDefinition } from './job.ts';
import type { JobQueue } from './job-queue.ts';

export interface JobDeps {
  db: Db;
  mailer: Mailer;
  /** Base of the reset link: APP_URL, else the server's own address (server.ts). */
  mailUrl: string;
  now: () => Date;
  /** Jobs that enqueue jobs (the retention run's notices) send through it. */
  jobs: Pick<JobQueue, 'send'>;
  /** The retention schedule's periods (RETENTION_* variables, decision 0023). */
  retention: RetentionSettings;
  /** Where the retention run reports its counts. */
  log: InfoLog;
  /** Web Push to the browsers' push services (decision 0029). */
  push: PushSender;
  /** The VAPID pair and the unsubscribe-link key. */
  reminderKeys: ReminderKeys;
}

/** Every kind of job the app runs: a new one is added here. */
export function appJobs(deps: JobDeps): JobDefinition[] {
  return [
    passwordResetMailJob(deps),
    maintenanceJob(deps),
    schoolPurgeJob(deps),
    retentionJob(deps),
    inactivityNoticeMailJob(deps),
    reminderTickJob(deps),
    reminderDeliveryJob({ ...deps, keys: deps.reminderKeys }),
    familySummaryJob({ ...deps, keys: deps.reminderKeys }),
    invitationMailJob(deps),
    emailConfirmationMailJob(deps),
    emailChangeNoticeMailJob(deps),
    schoolWelcomeMailJob(deps),
    studentEmailMailJob(deps),
    talkRequestMailJob(deps),
    schoolDeletionMailJob(deps),
    paymentReceiptMailJob(deps),
  ];
}
