import { ACCOUNT_EMAIL_MESSAGES, MESSAGES } from '@wellbank/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { bearer, joinSchool, signUpSchool, unique, userSignupBody } from '../../test/fixtures.ts';
import { TEST_APP_URL } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { INACTIVITY_NOTICE_MAIL } from '../maintenance/inactivity-notice-mail.job.ts';

const t = useTestApp();
let schoolId: number;
beforeAll(async () => {
  schoolId = (await signUpSchool(t.app)).school.id;
});

const PASSWORD = 'secret-pass';

function login(email: string, password = PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/authenticate',
    payload: { email, password },
  });
}

function patchUser(user: { id: number; token: string }, fields: Record<string, string>) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/users/${user.id}`,
    headers: bearer(user.token),
    payload: { user: { first_name: 'Sam', last_name: 'Student', ...fields } },
  });
}

function followLink(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/v1/email-links', payload: { token } });
}

/** The mails sent to `email` so far, once the queued ones have gone out. */
async function mailsTo(email: string) {
  await t.runJobs();
  return t.mailbox.filter((mail) => mail.to === email);
}

/** The token of the last link to `page` mailed to `email`. */
async function mailedLink(email: string, page: 'confirm-email' | 'undo-email-change') {
  const mail = (await mailsTo(email)).findLast((m) => m.text.includes(`/${page}?`));
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no ${page} link mailed to ${email}`);
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${TEST_APP_URL}/${page}`);
  return url.searchParams.get('token') ?? '';
}

/** A student whose sign-up address is confirmed, as every address is once its link is followed. */
async function confirmedStudent() {
  const student = await joinSchool(t.app, schoolId, { email: `${unique('kid')}@lincoln.example` });
  expect((await followLink(await mailedLink(student.email, 'confirm-email'))).statusCode).toBe(200);
  return student;
}

async function auditActions(userId: number) {
  const rows = await t.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), sql`${auditLog.action} like 'email.%'`))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

describe('changing the e-mail in the profile', () => {
  it('needs the current password: the session alone changes nothing', async () => {
    const student = await confirmedStudent();
    const newEmail = `${unique('new')}@lincoln.example`;
    const without = await patchUser(student, { email: newEmail });
    expect(without.statusCode).toBe(422);
    expect(without.json()).toEqual({ error: ACCOUNT_EMAIL_MESSAGES.currentPasswordForEmail });
    const wrong = await patchUser(student, { email: newEmail, current_password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ error: MESSAGES.currentPasswordWrong });
    expect(await mailsTo(newEmail)).toEqual([]);
    expect(await auditActions(student.id)).toEqual(['email.confirm']);
  });

  it('takes effect only by the link mailed to the new address; until then the old one signs in and gets the reset', async () => {
    const student = await confirmedStudent();
    const newEmail = `${unique('new')}@lincoln.example`;
    const response = await patchUser(student, { email: newEmail, current_password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(student.email);
    expect((await login(student.email)).statusCode).toBe(200);
    expect((await login(newEmail)).statusCode).toBe(401);
    // "Forgot password" to the new address reaches nobody; to the old one it still works.
    for (const email of [newEmail, student.email]) {
      await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
    }
    expect((await mailsTo(newEmail)).map((mail) => mail.subject)).toEqual([
      'Confirm your email address for Wellbank',
    ]);
    const oldMails = await mailsTo(student.email);
    expect(oldMails.map((mail) => mail.subject).sort()).toEqual([
      'Confirm your email address for Wellbank',
      'Reset your Wellbank password',
      'Your Wellbank email address is being changed',
    ]);
    expect(oldMails.find((mail) => mail.subject.includes('changed'))?.text).toContain(newEmail);

    const confirmed = await followLink(await mailedLink(newEmail, 'confirm-email'));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: ACCOUNT_EMAIL_MESSAGES.confirmed });
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(student.email)).statusCode).toBe(401);
    expect(await auditActions(student.id)).toEqual([
      'email.confirm',
      'email.change_request',
      'email.confirm',
    ]);
  });

  it("is undone by the old address's link, even after it was confirmed, signing every session out", async () => {
    const student = await confirmedStudent();
    const newEmail = `${unique('thief')}@elsewhere.example`;
    await patchUser(student, { email: newEmail, current_password: PASSWORD });
    await followLink(await mailedLink(newEmail, 'confirm-email'));
    const thief = (await login(newEmail)).json();

    const undoToken = await mailedLink(student.email, 'undo-email-change');
    const undone = await followLink(undoToken);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ message: ACCOUNT_EMAIL_MESSAGES.undone });
    for (const token of [student.token, thief.token]) {
      const read = await t.app.inject({
        url: `/api/v1/users/${student.id}`,
        headers: bearer(token),
      });
      expect(read.statusCode).toBe(401);
    }
    expect((await login(student.email)).statusCode).toBe(200);
    expect((await login(newEmail)).statusCode).toBe(401);
    const again = await followLink(undoToken);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: ACCOUNT_EMAIL_MESSAGES.linkInvalid });
    expect((await auditActions(student.id)).at(-1)).toBe('email.change_undo');
  });

  it('answers 409 when the address was taken meanwhile, and the link stays usable', async () => {
    const student = await confirmedStudent();
    const newEmail = `${unique('new')}@lincoln.example`;
    await patchUser(student, { email: newEmail, current_password: PASSWORD });
    const token = await mailedLink(newEmail, 'confirm-email');
    const other = await joinSchool(t.app, schoolId, { email: newEmail });
    const conflict = await followLink(token);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: MESSAGES.emailTaken });
    const [row] = await t.db.select().from(users).where(eq(users.id, student.id));
    expect(row?.email).toBe(student.email);
    expect(other.email).toBe(newEmail);
  });
});

describe('the address of a sign-up', () => {
  it('signs in at once and is mailed a confirmation link; until it is followed only that and a reset reach it', async () => {
    const student = await joinSchool(t.app, schoolId, {
      email: `${unique('kid')}@lincoln.example`,
    });
    expect(student.token).toEqual(expect.any(String));
    expect((await mailsTo(student.email)).map((mail) => mail.subject)).toEqual([
      'Confirm your email address for Wellbank',
    ]);
    // An inactivity notice is due, but the address is not confirmed: no mail.
    const notice = async () => {
      await t.db
        .update(users)
        .set({ inactivityNoticeAt: t.clock.now(), lastSeenAt: new Date(0) })
        .where(eq(users.id, student.id));
      await t.jobs.send(t.db, INACTIVITY_NOTICE_MAIL, { userId: student.id });
      return (await mailsTo(student.email)).length;
    };
    expect(await notice()).toBe(1);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password',
      payload: { email: student.email },
    });
    expect(await mailsTo(student.email)).toHaveLength(2);
    await followLink(await mailedLink(student.email, 'confirm-email'));
    expect(await notice()).toBe(3);
  });
});

describe('an address with an open invitation', () => {
  it("is taken neither by a sign-up with any school's code nor by a profile change", async () => {
    const invited = `${unique('invited')}@lincoln.example`;
    await t.db.execute(sql`insert into invitations (school_id, email, first_name, last_name, role,
      expires_at) values (${schoolId}, ${invited}, 'I', 'N', 'student', now() + interval '1 day')`);
    const otherSchool = await signUpSchool(t.app);
    // Joined with the other school's right code: refused, nothing written.
    const joined = await joinSchool(t.app, otherSchool.school.id, { email: invited }).catch(
      (error: Error) => error.message,
    );
    expect(joined).toContain(ACCOUNT_EMAIL_MESSAGES.invited);
    const student = await confirmedStudent();
    const change = await patchUser(student, { email: invited, current_password: PASSWORD });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual({ error: ACCOUNT_EMAIL_MESSAGES.invited });
    expect(await t.db.select().from(users).where(eq(users.email, invited))).toEqual([]);
  });
});

describe('addresses', () => {
  it('are stored normalised, so the spelling with a trailing dot signs in to the same account', async () => {
    const student = await joinSchool(t.app, schoolId, {
      email: ` ${unique('Dot')}@Lincoln.Example. `,
    });
    expect(student.email).toMatch(/^dot\w+@lincoln\.example$/);
    expect((await login(`${student.email}.`)).statusCode).toBe(200);
  });

  it('refuse a letter from another alphabet with a message the person can act on', async () => {
    // "ѕam": a Cyrillic ѕ (U+0455) where the Latin s belongs.
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${schoolId}/users`,
      payload: { ...userSignupBody({ email: '\u0455am@lincoln.example' }) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: ACCOUNT_EMAIL_MESSAGES.notAscii });
  });
});
