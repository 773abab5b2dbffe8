import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { joinSchool, signUpSchool, unique } from '../../test/fixtures.ts';
import { resetTokenInMail } from '../../test/reset-link.ts';
import type { SmtpAnswer } from '../../test/smtp-server.ts';
import { useSmtpTestApp } from '../../test/smtp-test-app.ts';
import { waitFor } from '../../test/wait-for.ts';

/**
 * Decision 0010: the reset mail leaves through the queue, whose workers run here as in
 * production, against a real SMTP server. Retries are quickened: 3 attempts, 1 s apart.
 */

/** Recipients whose local part starts with one of these get that treatment. */
function answerFor({ to, attempt }: { to: string; attempt: number }): SmtpAnswer {
  if (to.startsWith('flaky')) return attempt <= 2 ? 'refuse' : 'accept';
  if (to.startsWith('never')) return 'refuse';
  return 'accept';
}

const t = useSmtpTestApp({
  answer: answerFor,
  queueOptions: { retryLimit: 2, retryDelay: 1, retryBackoff: true, retryDelayMax: 1 },
});
let schoolId: number;
beforeAll(async () => {
  schoolId = (await signUpSchool(t.app)).school.id;
});

async function askForReset(prefix: string) {
  const student = await joinSchool(t.app, schoolId);
  // An address of its own, which the sign-up's confirmation mail (sent to the first one by the
  // workers meanwhile) does not reach: the SMTP server counts only the reset's attempts.
  const email = `${unique(prefix)}@lincoln.example`;
  await t.db.update(users).set({ email }).where(eq(users.id, student.id));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/forgot-password',
    payload: { email },
  });
  expect(response.statusCode).toBe(200);
  return email;
}

const mailsTo = (email: string) =>
  t.smtp.received.filter((mail) => mail.envelope.rcptTo.some((r) => r.address === email));

describe('the password-reset mail', () => {
  it('arrives once, with a link that works, when the SMTP server refuses the first two attempts', async () => {
    const email = await askForReset('flaky');
    await waitFor('the mail to arrive', () => mailsTo(email).length > 0);
    expect(t.smtp.attempts.get(email)).toBe(3);
    const warnings = t.jobLines.filter((line) => line.message.includes('will retry'));
    expect(warnings.map((line) => line.level)).toEqual(['warn', 'warn']);

    // Nothing more comes: the job is complete, not retried.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(mailsTo(email)).toHaveLength(1);
    const [mail] = mailsTo(email);
    const token = await resetTokenInMail(mail?.raw ?? Buffer.alloc(0));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { token, email, password: 'new-password', password_confirmation: 'new-password' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('fails for good after its last retry: logged as an error and counted as failed', async () => {
    const failedBefore = (await t.jobs.stats()).failed;
    const email = await askForReset('never');
    await waitFor('the last attempt to fail', () =>
      t.jobLines.some((line) => line.level === 'error' && line.message.includes('for good')),
    );
    expect(t.smtp.attempts.get(email)).toBe(3);
    expect(mailsTo(email)).toHaveLength(0);
    const [failure] = t.jobLines.filter((line) => line.level === 'error');
    expect(failure?.message).toBe('job password-reset-mail failed for good after 3 attempts');
    await waitFor('the failed count to include it', async () => {
      return (await t.jobs.stats()).failed === failedBefore + 1;
    });
  });
});
