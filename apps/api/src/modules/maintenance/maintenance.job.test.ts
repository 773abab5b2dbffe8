import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authSessions,
  emailLinks,
  oidcAttempts,
  oidcTickets,
  passwordResets,
  reminderSends,
} from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/job.ts';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue.ts';
import { signUpSchool, unique } from '../../test/fixtures.ts';
import { TEST_QUEUE_TIMING } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { waitFor } from '../../test/wait-for.ts';
import { hashToken } from '../auth/tokens.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limit/rate-limit.service.ts';
import { deleteExpiredRows, maintenanceJob } from './maintenance.job.ts';

const t = useTestApp();

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deleteExpiredRows', () => {
  it('deletes idle and too old sessions, expired reset tokens, finished rate-limit windows and school-less log entries past 90 days, and keeps the rest', async () => {
    const user = await signUpSchool(t.app);
    const now = t.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const session = (lastUsedAt: Date, createdAt = lastUsedAt) => ({
      userId: user.id,
      tokenHash: hashToken(unique('token')),
      createdAt,
      lastUsedAt,
    });
    // Idle 31 days, idle 29 days, and in use yesterday but signed in 91 days ago (decision 0044).
    await t.db
      .insert(authSessions)
      .values([
        session(ago(31 * DAY_MS)),
        session(ago(29 * DAY_MS)),
        session(ago(DAY_MS), ago(91 * DAY_MS)),
      ]);
    const reset = (expiresAt: Date) => ({
      userId: user.id,
      tokenHash: hashToken(unique('reset')),
      expiresAt,
    });
    await t.db.insert(passwordResets).values([reset(ago(1000)), reset(ago(-1000))]);
    await hitRateLimit(t.db, RATE_LIMITS.forgotPassword, 'old@example.com', ago(61 * MINUTE_MS));
    // Failed sign-ins of unknown e-mails, 91 and 89 days old; a school's entries never go here.
    await t.db.execute(sql`insert into audit_log (school_id, action, at) values
      (null, 'sign_in.failed', now() - interval '91 days'),
      (null, 'sign_in.failed', now() - interval '89 days'),
      (${user.school.id}, 'sign_in.failed', now() - interval '91 days')`);
    // Reminder claims are kept 8 days (decision 0029): one 9 days old goes, one 7 days old stays.
    await t.db.insert(reminderSends).values([
      { userId: user.id, localDate: '2026-01-01', kind: 'daily', claimedAt: ago(9 * DAY_MS) },
      { userId: user.id, localDate: '2026-01-03', kind: 'daily', claimedAt: ago(7 * DAY_MS) },
    ]);
    // A roster invitation past its 14 days and one still open (decision 0030).
    await t.db.execute(sql`insert into invitations (school_id, email, first_name, last_name, role,
      expires_at) values
      (${user.school.id}, 'gone@example.com', 'A', 'B', 'student', ${ago(MINUTE_MS).toISOString()}),
      (${user.school.id}, 'open@example.com', 'C', 'D', 'student', now() + interval '1 day')`);

    // An e-mail link past its expiry and one still open (decision 0044).
    const link = (expiresAt: Date) => ({
      userId: user.id,
      kind: 'confirm' as const,
      email: user.email,
      tokenHash: hashToken(unique('link')),
      expiresAt,
    });
    await t.db.insert(emailLinks).values([link(ago(1000)), link(ago(-1000))]);

    // District sign-in attempts and tickets past their minutes, and one of each still open.
    const attempt = (expiresAt: Date) => ({
      stateHash: hashToken(unique('state')),
      browserHash: 'b',
      provider: 'google' as const,
      codeVerifier: 'v',
      nonce: 'n',
      expiresAt,
    });
    await t.db.insert(oidcAttempts).values([attempt(ago(1000)), attempt(ago(-1000))]);
    const ticket = (expiresAt: Date) => ({
      tokenHash: hashToken(unique('ticket')),
      result: { kind: 'unknown', email: 'x@example.com' },
      expiresAt,
    });
    await t.db.insert(oidcTickets).values([ticket(ago(1000)), ticket(ago(-1000))]);

    // The sign-up's own session is fresh, so two sessions of the three inserted go.
    expect(await deleteExpiredRows(t.db, now)).toEqual({
      authSessions: 2,
      passwordResets: 1,
      rateLimits: 1,
      schoolLessAuditEntries: 1,
      reminderSends: 1,
      invitations: 1,
      emailLinks: 1,
      districtSignIns: 2,
    });
    expect(await deleteExpiredRows(t.db, now)).toEqual({
      authSessions: 0,
      passwordResets: 0,
      rateLimits: 0,
      schoolLessAuditEntries: 0,
      reminderSends: 0,
      invitations: 0,
      emailLinks: 0,
      districtSignIns: 0,
    });
  });
});

describe('the scheduled maintenance', () => {
  it('runs each occurrence on one instance only, however many are running', async () => {
    // Every minute here, so the test need not wait an hour; started early in a minute, so the
    // run and the seconds watched after it fall in the same occurrence.
    while (new Date().getSeconds() > 40) await sleep(1000);
    const runs: string[] = [];
    const everyMinute = (instance: string): JobDefinition => {
      const job = maintenanceJob({ db: t.db, now: t.clock.now });
      return {
        ...job,
        cron: '* * * * *',
        async run(data) {
          runs.push(instance);
          await job.run(data);
        },
      };
    };
    const log = { warn: () => {}, error: () => {} };
    const instances: JobQueue[] = [];
    try {
      for (const name of ['a', 'b']) {
        const queue = createJobQueue(t.queueConnection, TEST_QUEUE_TIMING);
        instances.push(queue);
        await queue.start({ jobs: [everyMinute(name)], log });
      }
      await waitFor('a maintenance run', () => runs.length > 0);
      // Both instances run several cron passes and polls meanwhile (every second).
      await sleep(4_000);
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((queue) => queue.stop()));
    }
  });
});
