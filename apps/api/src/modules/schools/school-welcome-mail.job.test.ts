import { describe, expect, it } from 'vitest';
import { schoolSignupBody } from '../../test/fixtures.ts';
import { mailsTo, useSmtpTestApp } from '../../test/smtp-test-app.ts';
import { TEST_APP_URL } from '../../test/test-app.ts';
import { waitFor } from '../../test/wait-for.ts';

/**
 * Issue 34 §4, decision 0061: the coordinator's welcome mail carries the school's join code and
 * link, through the queue's workers, to a real SMTP server on loopback.
 */
const t = useSmtpTestApp();

/** Signs a school up and answers the text of the welcome mail its coordinator receives. */
async function welcomeMailOf(body: ReturnType<typeof schoolSignupBody>, language?: 'es') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: { ...body, user: { ...body.user, language } },
  });
  expect(response.statusCode).toBe(201);
  const email = body.user.email;
  const code = body.school.code.toUpperCase();
  // Two mails: the address's confirmation link (decision 0044) and the welcome, told by its code.
  let welcome: { subject: string; text: string } | undefined;
  await waitFor('the welcome mail', async () => {
    welcome = (await mailsTo(t.smtp, email)).find((mail) => mail.text.includes(code));
    return welcome !== undefined;
  });
  return welcome ?? { subject: '', text: '' };
}

describe('the welcome mail at school sign-up', () => {
  it('gives the coordinator the code, the join link and where to find it again', async () => {
    const body = schoolSignupBody({ code: 'wlc0me' });
    const mail = await welcomeMailOf(body);
    expect(mail.subject).toBe('Lincoln Elementary is on Wellbank: your school code');
    expect(mail.text).toContain('Hello Carla,');
    expect(mail.text).toMatch(/^ {4}WLC0ME$/m);
    expect(mail.text).toContain(`${TEST_APP_URL}/sign-up/join/schools?code=WLC0ME`);
    expect(mail.text).toContain('Staff & students page');
  });

  it('is written in the language the coordinator chose', async () => {
    const body = schoolSignupBody({ code: 'BNVNDO' });
    const mail = await welcomeMailOf(body, 'es');
    expect(mail.subject).toBe('Lincoln Elementary está en Wellbank: el código de tu escuela');
    expect(mail.text).toContain('Hola, Carla:');
    expect(mail.text).toContain(`${TEST_APP_URL}/sign-up/join/schools?code=BNVNDO`);
  });
});
