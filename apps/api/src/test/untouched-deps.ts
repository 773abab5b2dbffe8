import type { AppDeps } from '../app.ts';
import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

/** Something a test never reaches: any use of it fails the test. */
function untouched<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get() {
      throw new Error(`this test touches no ${what}`);
    },
  });
}

/** The dependencies of an app whose requests never reach a database rule or the job queue. */
export function untouchedDeps(): Pick<AppDeps, 'db' | 'jobs'> {
  return { db: untouched<Db>('database'), jobs: untouched<JobQueue>('job queue') };
}
