import type { Db } from '../db/client.ts';
import { passwordResetMailJob } from '../modules/auth/password-reset-mail.job.ts';
import { schoolPurgeJob } from '../modules/deletion/school-purge.job.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import { maintenanceJob } from '../modules/maintenance/maintenance.job.ts';
import type { JobDefinition } from './job.ts';

export interface JobDeps {
  db: Db;
  mailer: Mailer;
  /** Base of the reset link: APP_URL, else the server's own address (server.ts). */
  mailUrl: string;
  now: () => Date;
}

/** Every kind of job the app runs: a new one is added here. */
export function appJobs(deps: JobDeps): JobDefinition[] {
  return [passwordResetMailJob(deps), maintenanceJob(deps), schoolPurgeJob(deps)];
}
