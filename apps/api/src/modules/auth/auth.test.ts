import { MESSAGES, STUDENT_PICTURES, tryAgainMessage } from '@wellbank/domain';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authSessions, passwordResets, users } from '../../db/schema.ts';
import { tableFingerprint } from '../../security/table-fingerprint.ts';
import { bearer, joinSchool, signUpSchool, unique } from '../../test/fixtures.ts';
import { TEST_APP_URL } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { openSession } from './sessions.ts';

const t = useTestApp();
let schoolId: number;
beforeAll(async () => {
  schoolId = (await signUpSchool(t.app)).school.id;
});

function login(email: string, password: string, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/authenticate',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function forgot(email: string) {
  return t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
}

function reset(body: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/reset-password', payload: body });
}

async function newStudent(password = 'secret-pass') {
  return joinSchool(t.app, schoolId, { email: `${unique('kid')}@lincoln.example`, password });
}

/** The token in the reset link mailed last to `email`, once the queued mail has gone out. */
async function mailedToken(email: string): Promise<string> {
  await t.runJobs();
  const mail = t.mailbox.findLast(
    (message) => message.to === email && message.text.includes('/forgot-password/reset?'),
  );
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${TEST_APP_URL}/forgot-password/reset`);
  expect(url.searchParams.get('email')).toBe(email);
  return url.searchParams.get('token') ?? '';
}

describe('POST /authentication/authenticate', () => {
  it('answers the session record for the right password, e-mail in any case', async () => {
    const student = await newStudent();
    const response = await login(student.email.toUpperCase(), 'secret-pass');
    expect(response.statusCode).toBe(200);
    const session = response.json();
    expect(session).toMatchObject({ id: student.id, email: student.email, roles: ['student'] });
    expect(session.token).not.toBe(student.token);
    const me = await t.app.inject({
      url: `/api/v1/users/${student.id}`,
      headers: bearer(session.token),
    });
    expect(me.statusCode).toBe(200);
  });

  it('stores passwords as argon2id hashes and tokens only as hashes', async () => {
    const student = await newStudent();
    const [row] = await t.db.select().from(users).where(eq(users.id, student.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await t.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, student.id));
    expect(sessions.map((s) => s.tokenHash)).not.toContain(student.token);
    expect(sessions[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same 401 message for a wrong password and an unknown e-mail', async () => {
    const student = await newStudent();
    const wrong = await login(student.email, 'wrong-password');
    const unknown = await login('nobody@lincoln.example', 'secret-pass');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MESSAGES.loginFailed });
    expect(unknown.json()).toEqual({ error: MESSAGES.loginFailed });
  });

  it.each([
    [
      'a malformed e-mail',
      { email: 'not-an-email', password: 'secret-pass' },
      MESSAGES.invalidEmailLogin,
    ],
    ['a short password', { email: 'a@b.co', password: '123' }, MESSAGES.passwordTooShort],
    ['a missing password', { email: 'a@b.co' }, MESSAGES.passwordTooShort],
  ])('answers 422 with the SPEC message for %s', async (_name, payload, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/authenticate',
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: message });
  });

  it('answers 400 to malformed JSON and to an empty JSON body', async () => {
    for (const payload of ['{"email":', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/authenticate',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: MESSAGES.malformedJson });
    }
  });

  it('refuses an account after 10 failed logins, even the right password, until the window ends', async () => {
    const student = await newStudent();
    for (let i = 0; i < 10; i += 1) {
      expect((await login(student.email, 'wrong-password')).statusCode).toBe(401);
    }
    const limited = await login(student.email, 'secret-pass');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.json()).toEqual({ error: tryAgainMessage(retryAfter) });
    // Other accounts are not affected.
    const other = await newStudent();
    expect((await login(other.email, 'secret-pass')).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(student.email, 'secret-pass')).statusCode).toBe(200);
  });

  it('limits failed logins for an unknown e-mail the same way', async () => {
    for (let i = 0; i < 10; i += 1) await login('ghost@lincoln.example', 'wrong-password');
    expect((await login('ghost@lincoln.example', 'wrong-password')).statusCode).toBe(429);
  });
});

describe('DELETE /authentication/session', () => {
  it('revokes the token: it answers 401 afterwards', async () => {
    const student = await newStudent();
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/authentication/session',
      headers: bearer(student.token),
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    const after = await t.app.inject({
      url: `/api/v1/users/${student.id}`,
      headers: bearer(student.token),
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: MESSAGES.notSignedIn });
  });

  it('answers 401 without a token or with an unknown one', async () => {
    for (const headers of [{}, bearer('x'.repeat(43)), { authorization: 'Basic abc' }]) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/v1/authentication/session',
        headers,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: MESSAGES.notSignedIn });
    }
  });

  it('expires a session after 30 idle days', async () => {
    const student = await newStudent();
    t.clock.advance(29 * 24 * 60 * 60 * 1000);
    const used = await t.app.inject({
      url: `/api/v1/users/${student.id}`,
      headers: bearer(student.token),
    });
    expect(used.statusCode).toBe(200);
    t.clock.advance(29 * 24 * 60 * 60 * 1000);
    const stillUsed = await t.app.inject({
      url: `/api/v1/users/${student.id}`,
      headers: bearer(student.token),
    });
    expect(stillUsed.statusCode).toBe(200);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    const idle = await t.app.inject({
      url: `/api/v1/users/${student.id}`,
      headers: bearer(student.token),
    });
    expect(idle.statusCode).toBe(401);
  });

  it("ends a shared device's session after 13 idle minutes, and keeps a used one", async () => {
    const student = await newStudent();
    const shared = await openSession(t.db, student.id, t.clock.now(), { method: 'shared-device' });
    expect(shared.shared_device).toBe(true);
    const getSelf = () =>
      t.app.inject({ url: `/api/v1/users/${student.id}`, headers: bearer(shared.token) });
    t.clock.advance(9 * 60 * 1000);
    expect((await getSelf()).statusCode).toBe(200);
    t.clock.advance(9 * 60 * 1000);
    expect((await getSelf()).statusCode).toBe(200);
    t.clock.advance(14 * 60 * 1000);
    expect((await getSelf()).statusCode).toBe(401);
    const [{ picture } = { picture: '' }] = await t.db
      .select({ picture: users.picture })
      .from(users)
      .where(eq(users.id, student.id));
    expect(STUDENT_PICTURES).toContain(picture);
    // The same minutes leave the student's own sessions alone.
    expect(
      (await t.app.inject({ url: `/api/v1/users/${student.id}`, headers: bearer(student.token) }))
        .statusCode,
    ).toBe(200);
  });

  it("never ends a shared session the tablet keeps: its ten minutes plus the touches' lag", async () => {
    const student = await newStudent();
    const shared = await openSession(t.db, student.id, t.clock.now(), { method: 'shared-device' });
    const getSelf = () =>
      t.app.inject({ url: `/api/v1/users/${student.id}`, headers: bearer(shared.token) });
    // The tablet's touch 59 s after the sign-in is not written (last_used_at keeps to the minute);
    // the child's last tap may come a minute after it, and the tablet signs out 10 minutes later,
    // at 11:59, sending unsent saves first: the server still answers then.
    t.clock.advance(59 * 1000);
    expect((await getSelf()).statusCode).toBe(200);
    t.clock.advance(11 * 60 * 1000);
    expect((await getSelf()).statusCode).toBe(200);
    // Left alone, the server ends it 13 minutes after its last use.
    t.clock.advance(13 * 60 * 1000 + 1000);
    expect((await getSelf()).statusCode).toBe(401);
  });

  it('expires a session 90 days after its sign-in, however often it is used', async () => {
    const student = await newStudent();
    const getSelf = () =>
      t.app.inject({ url: `/api/v1/users/${student.id}`, headers: bearer(student.token) });
    // Used every 8 days, never idle: still signed in on day 89, signed out on day 91.
    t.clock.advance(24 * 60 * 60 * 1000);
    for (let day = 9; day <= 89; day += 8) {
      t.clock.advance(8 * 24 * 60 * 60 * 1000);
      expect((await getSelf()).statusCode, `day ${day}`).toBe(200);
    }
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await getSelf()).statusCode).toBe(401);
  });
});

describe('POST /forgot-password', () => {
  it('mails a single-use reset link to an existing account and answers {}', async () => {
    const student = await newStudent();
    const response = await forgot(student.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const token = await mailedToken(student.email);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const [stored] = await t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, student.id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toBe(token);
  });

  it('answers an unknown e-mail exactly like a known one, and mails nothing', async () => {
    const mailsBefore = t.mailbox.length;
    const response = await forgot('nobody-here@lincoln.example');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    await t.runJobs();
    expect(t.mailbox.length).toBe(mailsBefore);
  });

  it('writes nothing of the account during the request, known e-mail or not: the job does', async () => {
    const student = await newStudent();
    for (const email of [student.email, 'nobody-either@lincoln.example']) {
      const before = await tableFingerprint(t.db);
      expect((await forgot(email)).statusCode).toBe(200);
      expect(await tableFingerprint(t.db), email).toEqual(before);
    }
    await t.runJobs();
    const resetMails = t.mailbox.filter(
      (mail) => mail.to === student.email && mail.subject === 'Reset your Wellbank password',
    );
    expect(resetMails).toHaveLength(1);
  });

  it('answers 429 after 5 requests an hour for any e-mail, existing or not', async () => {
    const student = await newStudent();
    for (const email of [student.email, 'nobody-else@lincoln.example']) {
      for (let i = 0; i < 5; i += 1) expect((await forgot(email)).statusCode).toBe(200);
      const limited = await forgot(email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: tryAgainMessage(Number(limited.headers['retry-after'])),
      });
    }
  });

  it('answers 422 for a malformed e-mail', async () => {
    const response = await forgot('nope');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: MESSAGES.invalidEmailLogin });
  });
});

describe('POST /reset-password', () => {
  it('sets the new password, signs in, revokes other sessions, and works only once', async () => {
    const student = await newStudent('old-password');
    await forgot(student.email);
    const token = await mailedToken(student.email);
    const body = {
      token,
      email: student.email,
      password: 'new-password',
      password_confirmation: 'new-password',
    };
    const response = await reset(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: student.id, email: student.email });
    const oldSession = await t.app.inject({
      url: `/api/v1/users/${student.id}`,
      headers: bearer(student.token),
    });
    expect(oldSession.statusCode).toBe(401);
    const newSession = await t.app.inject({
      url: `/api/v1/users/${student.id}`,
      headers: bearer(response.json().token),
    });
    expect(newSession.statusCode).toBe(200);
    expect((await login(student.email, 'old-password')).statusCode).toBe(401);
    expect((await login(student.email, 'new-password')).statusCode).toBe(200);
    const again = await reset({
      ...body,
      password: 'third-pass',
      password_confirmation: 'third-pass',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: MESSAGES.resetLinkInvalid });
  });

  it('refuses an expired token, a wrong e-mail and an unknown token, changing nothing', async () => {
    const student = await newStudent('old-password');
    const other = await newStudent();
    await forgot(student.email);
    const token = await mailedToken(student.email);
    const attempts = [
      { token, email: other.email },
      { token: 'not-a-real-token', email: student.email },
    ];
    for (const attempt of attempts) {
      const response = await reset({
        ...attempt,
        password: 'new-password',
        password_confirmation: 'new-password',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: MESSAGES.resetLinkInvalid });
    }
    t.clock.advance(60 * 60 * 1000 + 1000);
    const expired = await reset({
      token,
      email: student.email,
      password: 'new-password',
      password_confirmation: 'new-password',
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ error: MESSAGES.resetLinkInvalid });
    const [sessions] = await t.db
      .select({ n: count() })
      .from(authSessions)
      .where(eq(authSessions.userId, student.id));
    expect(sessions?.n).toBe(1);
    expect((await login(student.email, 'old-password')).statusCode).toBe(200);
  });

  it('answers 422 with the SPEC messages for a short or mismatched password', async () => {
    const base = { token: 'abc', email: 'a@b.co' };
    const short = await reset({ ...base, password: '123', password_confirmation: '123' });
    expect(short.json()).toEqual({ error: MESSAGES.passwordTooShort });
    const mismatch = await reset({ ...base, password: '123456', password_confirmation: '654321' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({ error: MESSAGES.passwordsDoNotMatch });
  });
});
