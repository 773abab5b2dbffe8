import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type EmailSession, schoolSignupBody } from '../test/fixtures.ts';
import { resetTokenInMail } from '../test/reset-link.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { createServerDatabase } from '../test/test-database.ts';
import { testDatabaseUrl } from '../test/test-env.ts';
import { waitFor } from '../test/wait-for.ts';
import {
  call,
  exitCodeOf,
  freePort,
  type ServerProcess,
  startServer,
  waitUntilListening,
} from './server-process.ts';

/**
 * Decision 0010: a committed request's mail is sent even if the server dies before sending it.
 * The real server is SIGKILLed while the reset mail is in the SMTP conversation (the request
 * committed, the SMTP server has the message and has not accepted it), then started again: the
 * mail must arrive, once, and its link must work. On PGlite, or with TEST_DATABASE_URL on a
 * fresh database of that server.
 */

const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
  }
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function serverEnvironment(smtp: TestSmtpServer) {
  const dataDir = await mkdtemp(join(tmpdir(), 'wellbank-mail-crash-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { SMTP_URL: smtp.url };
  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    const database = await createServerDatabase(serverUrl);
    cleanups.push(database.drop);
    env.DATABASE_URL = database.url;
  }
  return { dataDir, env };
}

describe('a server killed while it sends a mail', () => {
  it('sends it after the restart, once, with a link that works', async () => {
    let crashed = false;
    let conversations = 0;
    // The sign-up's two mails, the confirmation (decision 0044) and the welcome (0061), go
    // through; the reset mail stalls.
    const smtp = await startSmtpServer(() => {
      conversations += 1;
      return crashed || conversations <= 2 ? 'accept' : 'stall';
    });
    cleanups.push(smtp.close);
    const { dataDir, env } = await serverEnvironment(smtp);
    const port = await freePort();
    const launch = () => {
      const server = startServer({ dataDir, port, env });
      started.push(server);
      return server;
    };

    const first = launch();
    await waitUntilListening(first);
    const school = await call<{ user: EmailSession }>(first.baseUrl, '/signup', {
      method: 'POST',
      body: schoolSignupBody(),
    });
    expect(school.status).toBe(201);
    const { email } = school.body.user;
    await waitFor("the sign-up's two mails", () => smtp.received.length === 2, 30_000);
    const asked = await call(first.baseUrl, '/forgot-password', {
      method: 'POST',
      body: { email },
    });
    expect(asked.status).toBe(200);
    await smtp.stalled;
    crashed = true;
    first.child.kill('SIGKILL');
    expect(await exitCodeOf(first)).toBeNull();
    expect(smtp.received).toHaveLength(2);

    const restarted = launch();
    await waitUntilListening(restarted);
    // The dead worker's heartbeat lapses (10 s), the supervisor fails the attempt into a retry
    // (every 10 s), and the retry waits its backoff (5–10 s).
    await waitFor('the mail after the restart', () => smtp.received.length > 2, 90_000);
    const token = await resetTokenInMail(smtp.received[2]?.raw ?? Buffer.alloc(0));
    const password = 'brand-new-pass';
    const reset = await call(restarted.baseUrl, '/reset-password', {
      method: 'POST',
      body: { token, email, password, password_confirmation: password },
    });
    expect(reset.status).toBe(200);
    expect(smtp.received).toHaveLength(3);
    // The sign-up's two once each, the reset twice (the killed attempt and the one after the
    // restart).
    expect(smtp.attempts.get(email)).toBe(4);
    expect(restarted.output()).not.toMatch(/"level":(50|60)/);

    restarted.child.kill('SIGTERM');
    expect(await exitCodeOf(restarted)).toBe(0);
  }, 180_000);
});
