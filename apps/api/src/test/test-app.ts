import { type AppDeps, buildApp } from '../app.ts';
import type { Mailer, MailMessage } from '../modules/mail/mailer.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_APP_URL = 'http://wellbank.test';

/** A clock that follows real time until a test moves it. */
export function createTestClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
    /** Jumps to an absolute instant (ISO), from which real time keeps running. */
    set(instant: string) {
      offsetMs = Date.parse(instant) - Date.now();
    },
  };
}

/** One app on one fresh migrated database per test file (creating one takes seconds). */
export async function createTestApp(
  overrides: Pick<AppDeps, 'payments' | 'appUrl' | 'mailUrl'> = {},
) {
  const database = await openTestDatabase();
  const mailbox: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      mailbox.push(message);
    },
  };
  const clock = createTestClock();
  const app = await buildApp({
    db: database.db,
    mailer,
    appUrl: TEST_APP_URL,
    now: clock.now,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    mailbox,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
