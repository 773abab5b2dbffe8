import type { QueueOptions } from 'pg-boss';

const MINUTE = 60;

/**
 * The queue options of every job that sends mail (decision 0010). A send that an SMTP server
 * refuses, or that cannot reach it, is tried again 10 times over 1¼–1¾ hours, each wait about
 * twice the last (5–10 s first, at most 30 min); then the job fails for good, logged and counted.
 * A worker that dies mid-send stops its heartbeat, and the supervisor hands the job to another
 * attempt within about 20 s.
 */
export const MAIL_JOB_QUEUE: QueueOptions = {
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 30 * MINUTE,
  heartbeatSeconds: 10,
  // Outlasts mailer.ts's SMTP timeouts, so only a hung worker reaches it.
  expireInSeconds: 5 * MINUTE,
  // The job holds the recipient's address: kept one day after it finishes, not pg-boss's seven.
  deleteAfterSeconds: 24 * 60 * MINUTE,
};
