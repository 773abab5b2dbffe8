import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, FAMILY_SUMMARY_MESSAGES, type SessionRecord } from '@wellbank/domain';
import { and, count, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dailySummaries,
  familySummarySends,
  reminderSettings,
  semesters,
  users,
} from '../../db/schema.ts';
import { familyCodeOf, signUpGuardian } from '../../test/family-fixture.ts';
import { type EmailSession, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { as, confirmEmails } from '../../test/school-fixture.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMailer } from '../mail/mailer.ts';
import { tickFamilySummaries } from './family-summary.job.ts';

/*
 * The family's weekly e-mail (issue 36 §2, decision 0080): Monday 07:00 school time, one per
 * guardian, child and week, in the guardian's language, never a figure stress is in, and turned
 * off with one click (RFC 8058) or from the family page.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let outbox: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  outbox = await mkdtemp(join(tmpdir(), 'wellbank-family-summary-'));
  t = await createTestApp({
    mailer: createMailer({
      smtpUrl: smtp.url,
      outboxDir: outbox,
      from: 'Wellbank <no-reply@wellbank.test>',
      log: () => {},
    }),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await rm(outbox, { recursive: true, force: true });
});

/** Monday 30 November 2026, 07:00 in Denver (MST): the week of 23–29 November is mailed. */
const MONDAY_SEVEN = '2026-11-30T14:00:00Z';

async function tick(at: string) {
  const now = new Date(at);
  t.clock.set(now.toISOString());
  return tickFamilySummaries({ db: t.db, jobs: t.jobs, now });
}

interface Family {
  admin: EmailSession;
  child: EmailSession;
  guardian: EmailSession;
}

/** A school, a child with a week of days (stress in them), and a confirmed guardian linked. */
async function family(weekStart = '2026-11-23'): Promise<Family> {
  const admin = await signUpSchool(t.app);
  await t.db
    .update(semesters)
    .set({ startDate: '2026-11-01', endDate: '2027-01-31', pointsNeeded: 3000 })
    .where(eq(semesters.schoolId, admin.school.id));
  const child = await joinSchool(t.app, admin.school.id);
  await t.db.update(users).set({ firstName: 'Ana' }).where(eq(users.id, child.id));
  const guardian = await signUpGuardian(t, await familyCodeOf(t, admin, child.id));
  await confirmEmails(t, [guardian]);
  await t.db.update(users).set({ firstName: 'Rosa' }).where(eq(users.id, guardian.id));
  // The Sunday before, then Monday–Sunday complete but Thursday: energy $6.00, stress −$4.37.
  const days = [-1, 0, 1, 2, 3, 4, 5, 6].map((offset, i) => {
    const date = addDays(weekStart, offset);
    const complete = offset !== 3;
    const streak = i < 4 ? i + 1 : i - 4;
    return {
      userId: child.id,
      schoolId: admin.school.id,
      localDate: date,
      energyCents: 600,
      stressCents: -437,
      balanceCents: 163,
      foodCents: 100,
      isComplete: complete,
      streakLength: complete ? streak : 0,
      dayPoints: 16,
      streakPoints: complete ? 5 * Math.min(streak, 7) : 0,
    };
  });
  await t.db.insert(dailySummaries).values(days);
  return { admin, child, guardian };
}

async function mailsTo(email: string) {
  const raws = smtp.received.filter((m) => m.envelope.rcptTo.some((r) => r.address === email));
  return (await Promise.all(raws.map((m) => simpleParser(m.raw)))).filter((m) =>
    m.subject?.includes('Wellbank:'),
  );
}

function header(mail: Awaited<ReturnType<typeof simpleParser>>, key: string) {
  return mail.headerLines
    .find((line) => line.key === key)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, ' ');
}

function setting(user: SessionRecord, method: 'GET' | 'PUT', payload?: object) {
  return t.app.inject({
    method,
    url: '/api/v1/family/weekly-email',
    headers: as(user),
    ...(payload ? { payload } : {}),
  });
}

describe('the weekly family e-mail', () => {
  let f: Family;
  beforeAll(async () => {
    f = await family();
  });

  it('goes on Monday at 07:00 school time, not a minute before, with the week’s figures and no stress', async () => {
    expect(await tick('2026-11-30T13:54:00Z')).toBe(0);
    expect(await tick('2026-11-29T14:00:00Z')).toBe(0); // Sunday
    expect(await tick(MONDAY_SEVEN)).toBeGreaterThanOrEqual(1);
    await t.runJobs();
    const [mail, ...more] = await mailsTo(f.guardian.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe("Ana's week on Wellbank: 6 complete days");
    const text = mail?.text ?? '';
    expect(text).toContain('Hello Rosa,');
    expect(text).toContain("Ana's week on Wellbank, 11/23/2026 to 11/29/2026:");
    expect(text).toContain('Complete days: 6 of 7');
    // Day points of the energy (60 a day), never of the balance (16), and the streak points.
    const streakPoints = 5 * (2 + 3 + 4 + 1 + 2 + 3);
    expect(text).toContain(`Points earned this week: ${7 * 60 + streakPoints}`);
    expect(text).toContain('Streak: 3 complete days in a row');
    expect(text).toContain(`Points toward the target: ${8 * 60 + streakPoints + 5} of 3000`);
    expect(text).toContain('http://wellbank.test/family');
    expect(text).not.toMatch(/4\.37|437|1\.63|163/);
  });

  it('is turned off with one click (RFC 8058), once, without a session', async () => {
    const [mail] = await mailsTo(f.guardian.email);
    expect(header(mail as never, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick =
      /<(http[^>]+)>/.exec(header(mail as never, 'list-unsubscribe') ?? '')?.[1] ?? '';
    expect(oneClick).toMatch(
      /^http:\/\/wellbank\.test\/api\/v1\/reminders\/unsubscribe\?token=family-summary\./,
    );
    expect(mail?.text).toContain(`http://wellbank.test/unsubscribe?${oneClick.split('?')[1]}`);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: oneClick.replace('http://wellbank.test', ''),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await post();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: FAMILY_SUMMARY_MESSAGES.unsubscribed });
    expect((await setting(f.guardian, 'GET')).json()).toEqual({ enabled: false });
    expect((await post()).statusCode).toBe(404);

    // The next Monday: nothing claimed, nothing sent.
    expect(await tick('2026-12-07T14:00:00Z')).toBe(0);
    await t.runJobs();
    expect(await mailsTo(f.guardian.email)).toHaveLength(1);
  });

  it('is the guardian’s setting: on by default, off and on again, a guardian’s only', async () => {
    const other = await family();
    expect((await setting(other.guardian, 'GET')).json()).toEqual({ enabled: true });
    const off = await setting(other.guardian, 'PUT', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    for (const bad of [{}, { enabled: 'no' }, { enabled: true, extra: 1 }]) {
      expect((await setting(other.guardian, 'PUT', bad)).statusCode).toBe(422);
    }
    expect((await setting(other.guardian, 'GET')).json()).toEqual({ enabled: false });
    expect((await setting(other.child, 'GET')).statusCode).toBe(403);
    const refused = await setting(other.admin, 'PUT', { enabled: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: FAMILY_SUMMARY_MESSAGES.guardiansOnly });
    const [row] = await t.db
      .select({ n: count() })
      .from(reminderSettings)
      .where(eq(reminderSettings.userId, other.admin.id));
    expect(row?.n).toBe(0);
    expect((await setting(other.guardian, 'PUT', { enabled: true })).json()).toEqual({
      enabled: true,
    });
  });

  it('speaks the guardian’s language', async () => {
    const es = await family('2026-12-07');
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, es.guardian.id));
    await tick('2026-12-14T14:00:00Z');
    await t.runJobs();
    const [mail] = await mailsTo(es.guardian.email);
    expect(mail?.subject).toBe('La semana de Ana en Wellbank: 6 días completos');
    expect(mail?.text).toContain('Hola, Rosa:');
    expect(mail?.text).toContain('Días completos: 6 de 7');
  });

  it('goes once per guardian, child and week, however many ticks run at once', async () => {
    const twins = await family('2026-12-14');
    const second = await joinSchool(t.app, twins.admin.school.id);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/v1/family/links',
      headers: as(twins.guardian),
      payload: { code: await familyCodeOf(t, twins.admin, second.id) },
      remoteAddress: '192.0.2.61',
    });
    expect(link.statusCode, link.body).toBe(201);
    const at = '2026-12-21T14:00:00Z';
    t.clock.set(at);
    const ticks = await Promise.all(
      ['2026-12-21T14:00:00Z', '2026-12-21T14:00:00Z', '2026-12-21T14:02:00Z', at].map((when) =>
        tickFamilySummaries({ db: t.db, jobs: t.jobs, now: new Date(when) }),
      ),
    );
    await t.runJobs();
    await t.runJobs();
    expect(ticks.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    const subjects = (await mailsTo(twins.guardian.email)).map((m) => m.subject ?? '');
    expect(subjects).toHaveLength(2);
    expect(subjects).toContain("Ana's week on Wellbank: 6 complete days");
    expect(subjects.filter((s) => s.endsWith(': 0 complete days'))).toHaveLength(1);
    const claims = await t.db
      .select({ n: count() })
      .from(familySummarySends)
      .where(
        and(
          eq(familySummarySends.guardianUserId, twins.guardian.id),
          eq(familySummarySends.weekStart, '2026-12-14'),
        ),
      );
    expect(claims[0]?.n).toBe(2);
  });
});
