import { formatSchoolDay, type SessionRecord } from '@wellbank/domain';
import { describe, expect, it } from 'vitest';
import { bearer, schoolSignupBody } from '../../test/fixtures.ts';
import { mailsTo, useSmtpTestApp } from '../../test/smtp-test-app.ts';
import { TEST_APP_URL } from '../../test/test-app.ts';
import { waitFor } from '../../test/wait-for.ts';

/**
 * Issue 35 §3: closing a school for deletion mails its coordinators the day it becomes final and
 * how to cancel, through the queue's workers, to a real SMTP server on loopback.
 */
const t = useSmtpTestApp();

async function signUp(code: string, language: 'en' | 'es') {
  const body = schoolSignupBody({ code, email: `${code.toLowerCase()}@lincoln.example` });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: { ...body, user: { ...body.user, language } },
  });
  expect(response.statusCode).toBe(201);
  return { coordinator: response.json().user as SessionRecord, code: body.school.code };
}

function closeSchool(coordinator: SessionRecord, code: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/v1/schools/${coordinator.school.id}`,
    headers: bearer(coordinator.token),
    payload: { code },
  });
}

/** The deletion mails the coordinator has received, told by their link. */
async function deletionMailsTo(email: string) {
  return (await mailsTo(t.smtp, email)).filter((mail) => mail.text.includes('/school-deletion'));
}

describe('the mail of a school closed for deletion', () => {
  it('tells the coordinator the day it becomes final and how to cancel, once', async () => {
    const { coordinator, code } = await signUp('DLTML1', 'en');
    const closed = await closeSchool(coordinator, code);
    expect(closed.statusCode, closed.body).toBe(200);
    const day = formatSchoolDay(new Date(closed.json().purge_after), 'America/Denver');
    const email = coordinator.email ?? '';
    await waitFor('the deletion mail', async () => (await deletionMailsTo(email)).length > 0);
    const [mail] = await deletionMailsTo(email);
    expect(mail?.subject).toBe(`Lincoln Elementary will be deleted from Wellbank on ${day}`);
    expect(mail?.text).toContain('Hello Carla,');
    expect(mail?.text).toContain(`On ${day} everything of it is deleted for good`);
    expect(mail?.text).toContain(`${TEST_APP_URL}/school-deletion`);

    // Asking again keeps the first date and mails nothing more.
    expect((await closeSchool(coordinator, code)).statusCode).toBe(200);
    await t.runJobs();
    expect(await deletionMailsTo(email)).toHaveLength(1);
  });

  it('is written in the language of the coordinator, with the date as it is written there', async () => {
    const { coordinator, code } = await signUp('DLTML2', 'es');
    const closed = await closeSchool(coordinator, code);
    const day = formatSchoolDay(new Date(closed.json().purge_after), 'America/Denver', 'es');
    const email = coordinator.email ?? '';
    await waitFor('the deletion mail', async () => (await deletionMailsTo(email)).length > 0);
    const [mail] = await deletionMailsTo(email);
    expect(mail?.subject).toContain(day);
    expect(mail?.text).toContain('Hola, Carla:');
  });
});
