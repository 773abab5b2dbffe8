/**
 * `npm run demo` (issue 16 §8): a fresh embedded database in a new temporary DATA_DIR, the demo
 * school seeded into it through the product, then the server on it (PORT, default 3000) with the
 * "Demo District" OpenID provider beside it on loopback (issue 33), and the sign-ins printed.
 * Works offline; Ctrl-C stops both. The DATA_DIR stays for a second look: `DATA_DIR=<it> npm start`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RETENTION_DEFAULTS } from '@wellbank/domain';
import { buildApp } from '../../apps/api/src/app.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { appJobs } from '../../apps/api/src/jobs/app-jobs.ts';
import { createJobQueue } from '../../apps/api/src/jobs/job-queue.ts';
import { createWebPushSender } from '../../apps/api/src/modules/reminders/push-sender.ts';
import { createReminderKeys } from '../../apps/api/src/modules/reminders/reminder-keys.ts';
import { type DemoDistrict, startDemoDistrict } from './demo-district.ts';
import { type DemoAccounts, seedDemoSchool } from './demo-school.ts';

const ROOT = join(import.meta.dirname, '../..');
const port = process.env.PORT ?? '3000';

/** A clock that follows real time from wherever the seed last set it. */
function createClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set(instant: string) {
      offsetMs = Date.parse(instant) - Date.now();
    },
  };
}

async function seed(dataDir: string): Promise<DemoAccounts> {
  const database = await openDatabase({ dataDir });
  const clock = createClock();
  // Jobs are queued (mail to the outbox) but run by the server once it starts.
  const jobs = createJobQueue(database.queueConnection, false);
  const quiet = { info() {}, warn() {}, error() {} };
  const reminderKeys = createReminderKeys(database.db);
  await jobs.start({
    jobs: appJobs({
      db: database.db,
      mailer: { async send() {} },
      mailUrl: `http://localhost:${port}`,
      now: clock.now,
      jobs,
      retention: RETENTION_DEFAULTS,
      log: quiet,
      reminderKeys,
      push: createWebPushSender({
        vapid: () => reminderKeys.vapid(),
        subject: 'mailto:demo@demo.wellbank.example',
      }),
    }),
    log: quiet,
  });
  const app = await buildApp({ db: database.db, jobs, now: clock.now, reminderKeys });
  try {
    return await seedDemoSchool({ app, db: database.db, clock });
  } finally {
    await app.close();
    await jobs.stop();
    await database.close();
  }
}

function printAccounts(accounts: DemoAccounts, district: DemoDistrict, dataDir: string) {
  console.log(`
Wellbank demo: ${accounts.schoolName} (school code ${accounts.schoolCode})
  open       http://localhost:${port}/login
  password   ${accounts.password} (every account)
  coordinator ${accounts.coordinator}   (School insights, Staff & students, intervals)
  staff       ${accounts.staff}
  student     ${accounts.student}
  family      ${accounts.family}
  "Sign in with ${district.env.OIDC_NAME}": log in there as ${district.login} (any password)
  DATA_DIR   ${dataDir}
`);
}

const dataDir = await mkdtemp(join(tmpdir(), 'wellbank-demo-'));
console.log(`Seeding the demo school into ${dataDir} ...`);
const started = performance.now();
const accounts = await seed(dataDir);
console.log(
  `Seeded in ${Math.round((performance.now() - started) / 1000)} s. Starting the server.`,
);
const district = await startDemoDistrict({
  origins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
  studentEmail: accounts.student,
});
const server = spawn(process.execPath, [join(ROOT, 'apps/api/src/server.ts')], {
  cwd: ROOT,
  env: { ...process.env, ...district.env, DATA_DIR: dataDir, PORT: port },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => {
  process.exitCode = code ?? 0;
  void district.provider.close();
});
if (await whenReady(`http://localhost:${port}/readyz`)) printAccounts(accounts, district, dataDir);

/** Polls readiness until the server answers 200, or for a minute. */
async function whenReady(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 240 && server.exitCode === null; attempt++) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
