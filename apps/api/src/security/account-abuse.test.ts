import { MESSAGES, tryAgainMessage } from '@wellbank/domain';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { authSessions } from '../db/schema.ts';
import { callGate } from '../test/call-gate.ts';
import {
  type EmailSession,
  schoolCodeOf,
  schoolSignupBody,
  unique,
  userSignupBody,
} from '../test/fixtures.ts';
import { lastResetToken } from '../test/reset-link.ts';
import { as, seedCast } from '../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../test/use-test-app.ts';
import { tableFingerprint } from './table-fingerprint.ts';

/**
 * DESIGN.md §1.7, beyond what auth.test.ts, schools.test.ts and teams.test.ts already show: the
 * lookups' shared budget, revocation of every session, the reset token's hour and its single use
 * under a race, and what a taken e-mail at sign-up does and does not reveal.
 */

// Sign-ups hash the password before they find the e-mail taken: held in the race below.
vi.mock('../modules/auth/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../modules/auth/passwords.ts')>();
  const { callGate } = await import('../test/call-gate.ts');
  return { ...real, hashNewPassword: callGate.wrap(real.hashNewPassword) };
});

const MINUTE_MS = 60 * 1000;

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));

function login(email: string, password = 'secret-pass') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/authenticate',
    payload: { email, password },
  });
}

async function newSession(user: EmailSession): Promise<EmailSession> {
  const response = await login(user.email);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function isSignedIn(session: EmailSession): Promise<boolean> {
  const response = await t.app.inject({ url: `/api/v1/users/${session.id}`, headers: as(session) });
  if (![200, 401].includes(response.statusCode)) throw new Error(response.body);
  return response.statusCode === 200;
}

async function sessionsOf(userId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(authSessions)
    .where(eq(authSessions.userId, userId));
  return row?.n ?? 0;
}

async function newStudent(): Promise<EmailSession> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${cast.admin.school.id}/users`,
    payload: { ...userSignupBody(), code: schoolCodeOf(cast.admin.school.id) },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** Asks for a reset link and returns the token mailed for it. */
async function resetToken(email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/forgot-password',
    payload: { email },
  });
  expect(response.statusCode).toBe(200);
  await t.runJobs();
  return lastResetToken(t.mailbox, email);
}

function reset(email: string, token: string, password = 'brand-new-pass') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/reset-password',
    payload: { token, email, password, password_confirmation: password },
  });
}

describe('school-code and team-captain lookups', () => {
  const lookups = [
    '/api/v1/schools?code=NONE00',
    `/api/v1/teams?email=${encodeURIComponent('nobody@lincoln.example')}`,
  ];

  it('share one budget of 30 a minute per client address, found or not', async () => {
    const remoteAddress = '192.0.2.10';
    for (let i = 0; i < 30; i += 1) {
      // Alternating between the two does not double the budget.
      const response = await t.app.inject({ url: lookups[i % 2] ?? '', remoteAddress });
      expect(response.statusCode).toBe(404);
    }
    const found = `/api/v1/teams?email=${encodeURIComponent(cast.student.email)}`;
    for (const url of [...lookups, found]) {
      const limited = await t.app.inject({ url, remoteAddress });
      expect(limited.statusCode, url).toBe(429);
      expect(limited.json()).toEqual({
        error: tryAgainMessage(Number(limited.headers['retry-after'])),
      });
    }
    const otherClient = await t.app.inject({ url: found, remoteAddress: '192.0.2.11' });
    expect(otherClient.statusCode).toBe(200);
  });

  it('count per forwarded client address behind a trusted proxy, and never trust an unknown one', async () => {
    const behindProxy = await buildApp({
      db: t.db,
      jobs: t.jobs,
      appUrl: 'http://x',
      now: t.clock.now,
      trustProxy: ['192.0.2.50'],
    });
    try {
      const lookup = (remoteAddress: string, forwardedFor: string) =>
        behindProxy.inject({
          url: lookups[0] ?? '',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let i = 0; i < 30; i += 1) {
        expect((await lookup('192.0.2.50', '198.51.100.1')).statusCode).toBe(404);
      }
      expect((await lookup('192.0.2.50', '198.51.100.1')).statusCode).toBe(429);
      // Another visitor behind the same proxy has a budget of their own.
      expect((await lookup('192.0.2.50', '198.51.100.2')).statusCode).toBe(404);
      // A client that is not the proxy cannot pick the address it is counted under.
      for (let i = 0; i < 30; i += 1) await lookup('192.0.2.51', `198.51.100.${100 + i}`);
      expect((await lookup('192.0.2.51', '198.51.100.200')).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });

  it('open again once the minute is over', async () => {
    const remoteAddress = '192.0.2.20';
    for (let i = 0; i < 31; i += 1) await t.app.inject({ url: lookups[0] ?? '', remoteAddress });
    expect((await t.app.inject({ url: lookups[1] ?? '', remoteAddress })).statusCode).toBe(429);
    t.clock.advance(MINUTE_MS + 1000);
    expect((await t.app.inject({ url: lookups[1] ?? '', remoteAddress })).statusCode).toBe(404);
  });
});

describe('token revocation', () => {
  it('logout ends only the session it is called with', async () => {
    const student = await newStudent();
    const phone = await newSession(student);
    const laptop = await newSession(student);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/authentication/session',
      headers: as(phone),
    });
    expect(logout.statusCode).toBe(204);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(student)).toBe(true);
    // Signing in again gives a new token; the old one stays dead.
    await newSession(student);
    expect(await isSignedIn(phone)).toBe(false);
  });

  it('a password reset ends every session of the user, and only of that user', async () => {
    const student = await newStudent();
    const others = [await newSession(student), await newSession(student)];
    expect(await sessionsOf(student.id)).toBe(3);
    const response = await reset(student.email, await resetToken(student.email));
    expect(response.statusCode).toBe(200);
    for (const session of [student, ...others]) expect(await isSignedIn(session)).toBe(false);
    expect(await isSignedIn(response.json())).toBe(true);
    expect(await sessionsOf(student.id)).toBe(1);
    expect(await isSignedIn(cast.student)).toBe(true);
  });
});

describe('a password change in the profile', () => {
  function changePassword(user: EmailSession, currentPassword?: string) {
    return t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${user.id}`,
      headers: as(user),
      payload: {
        user: {
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          password: 'taken-over',
          verify_password: 'taken-over',
          ...(currentPassword !== undefined && { current_password: currentPassword }),
        },
      },
    });
  }

  it('needs the current password: missing or wrong is 422 and changes nothing', async () => {
    const student = await newStudent();
    const before = await tableFingerprint(t.db);
    for (const [current, message] of [
      [undefined, MESSAGES.currentPasswordRequired],
      ['', MESSAGES.currentPasswordRequired],
      ['not-my-pass', MESSAGES.currentPasswordWrong],
    ] as const) {
      const response = await changePassword(student, current);
      expect(response.statusCode, String(current)).toBe(422);
      expect(response.json()).toEqual({ error: message });
    }
    // (The fingerprint leaves out rate_limits, where the wrong guess was counted.)
    expect(await tableFingerprint(t.db)).toEqual(before);
    expect((await login(student.email)).statusCode).toBe(200);
    expect((await changePassword(student, 'secret-pass')).statusCode).toBe(200);
    expect((await login(student.email, 'taken-over')).statusCode).toBe(200);
  });

  it('counts wrong current passwords as failed logins of the account: 10, then 429 even for the right one', async () => {
    const student = await newStudent();
    for (let i = 0; i < 9; i += 1) {
      expect((await changePassword(student, `guess-${i}`)).statusCode).toBe(422);
    }
    // One budget with the login form: its failure is the tenth.
    expect((await login(student.email, 'wrong-pass')).statusCode).toBe(401);
    for (const current of ['guess-10', 'secret-pass']) {
      const limited = await changePassword(student, current);
      expect(limited.statusCode, current).toBe(429);
      expect(limited.json()).toEqual({
        error: tryAgainMessage(Number(limited.headers['retry-after'])),
      });
    }
    expect((await login(student.email)).statusCode).toBe(429);
    t.clock.advance(15 * MINUTE_MS + 1000);
    expect((await changePassword(student, 'secret-pass')).statusCode).toBe(200);
  });

  it('ends the reset links mailed before it', async () => {
    const student = await newStudent();
    const token = await resetToken(student.email);
    expect((await changePassword(student, 'secret-pass')).statusCode).toBe(200);
    const response = await reset(student.email, token);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: MESSAGES.resetLinkInvalid });
    expect((await login(student.email, 'taken-over')).statusCode).toBe(200);
  });
});

describe('reset tokens', () => {
  it('work until the hour is over, and not a second later', async () => {
    const early = await newStudent();
    const late = await newStudent();
    const earlyToken = await resetToken(early.email);
    const lateToken = await resetToken(late.email);
    t.clock.advance(59 * MINUTE_MS);
    expect((await reset(early.email, earlyToken)).statusCode).toBe(200);
    t.clock.advance(MINUTE_MS + 1000);
    const expired = await reset(late.email, lateToken);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ error: MESSAGES.resetLinkInvalid });
    expect((await login(late.email)).statusCode).toBe(200);
  });

  it('are used once even when two resets race with the same token', async () => {
    const student = await newStudent();
    const token = await resetToken(student.email);
    const answers = await Promise.all([
      reset(student.email, token, 'first-new-pass'),
      reset(student.email, token, 'second-new-pass'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json();
    expect(await sessionsOf(student.id)).toBe(1);
    expect(await isSignedIn(winner)).toBe(true);
    const passwords = ['first-new-pass', 'second-new-pass'];
    const logins = await Promise.all(passwords.map((password) => login(student.email, password)));
    expect(logins.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });
});

describe('sign-up with an e-mail that is taken', () => {
  /**
   * DESIGN.md §2 answers 409 here: a person signing up must learn why it failed, and there is no
   * e-mail verification step that could hide it. So sign-up does tell that an address has an
   * account, but nothing more: not whose, not which school or role, and the answer is the same
   * on all three sign-up routes.
   */
  it('answers the same 409 whoever holds it, reveals nothing of them, and writes nothing', async () => {
    const holders = [cast.admin, cast.student, cast.community, cast.otherAdmin];
    const routes = [
      { url: '/api/v1/signup', body: (email: string) => schoolSignupBody({ email }) },
      {
        url: `/api/v1/schools/${cast.admin.school.id}/users`,
        body: (email: string) => ({
          ...userSignupBody({ email }),
          code: schoolCodeOf(cast.admin.school.id),
        }),
      },
      {
        url: `/api/v1/teams/${cast.student.team_id}/signup`,
        body: (email: string) => ({
          ...userSignupBody({ email }),
          captain_email: cast.student.email,
        }),
      },
    ];
    const before = await tableFingerprint(t.db);
    for (const [index, holder] of holders.entries()) {
      // E-mails are compared without case: an upper-case copy is the same address.
      const email = index % 2 ? holder.email.toUpperCase() : holder.email;
      for (const route of routes) {
        const response = await t.app.inject({
          method: 'POST',
          url: route.url,
          payload: route.body(email),
        });
        expect(response.statusCode, `${route.url} ${email}`).toBe(409);
        expect(response.json()).toEqual({ error: MESSAGES.emailTaken });
      }
    }
    expect(await tableFingerprint(t.db)).toEqual(before);
    const fresh = await t.app.inject({
      method: 'POST',
      url: routes[1]?.url ?? '',
      payload: routes[1]?.body(`${unique('fresh')}@lincoln.example`),
    });
    expect(fresh.statusCode).toBe(201);
  });
});

describe('probing e-mails through sign-up and profile updates', () => {
  const HOUR_MS = 60 * MINUTE_MS;
  const signUp = (email: string, remoteAddress: string, browser = 'Probe/1.0') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${cast.admin.school.id}/users`,
      payload: { ...userSignupBody({ email }), code: schoolCodeOf(cast.admin.school.id) },
      headers: { 'user-agent': browser },
      remoteAddress,
    });
  const changeEmail = (user: EmailSession, email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${user.id}`,
      headers: as(user),
      // A new address needs the current password (decision 0044): the fixtures' one.
      payload: {
        user: { first_name: 'Sam', last_name: 'Student', email, current_password: 'secret-pass' },
      },
      remoteAddress,
    });
  const fresh = () => `${unique('new')}@lincoln.example`;

  it('allows 20 taken-e-mail answers an hour per browser, then refuses its every sign-up', async () => {
    const remoteAddress = '192.0.2.30';
    for (let i = 0; i < 20; i += 1) {
      expect((await signUp(cast.student.email, remoteAddress)).statusCode).toBe(409);
    }
    const before = await tableFingerprint(t.db);
    // Over the limit even a new address is refused, before its password is hashed.
    for (const email of [cast.student.email, fresh()]) {
      const limited = await signUp(email, remoteAddress);
      expect(limited.statusCode, email).toBe(429);
      expect(limited.json()).toEqual({
        error: tryAgainMessage(Number(limited.headers['retry-after'])),
      });
    }
    expect(await tableFingerprint(t.db)).toEqual(before);
    expect((await signUp(fresh(), '192.0.2.31')).statusCode).toBe(201);
    t.clock.advance(HOUR_MS + 1000);
    expect((await signUp(fresh(), remoteAddress)).statusCode).toBe(201);
  });

  it("do not let one student's probing block a class's sign-ups behind the school's address", async () => {
    const schoolAddress = '192.0.2.32';
    for (let i = 0; i < 21; i += 1) await signUp(cast.student.email, schoolAddress, 'Prober');
    expect((await signUp(fresh(), schoolAddress, 'Prober')).statusCode).toBe(429);
    for (const classmate of ['Chromebook A', 'Chromebook B', 'iPad C']) {
      expect((await signUp(fresh(), schoolAddress, classmate)).statusCode, classmate).toBe(201);
    }
  });

  it('count at most 20 of 40 taken-e-mail sign-ups sent at once', async () => {
    const race = await callGate.race(
      Array.from({ length: 40 }, () => async () => {
        const answer = await signUp(cast.student.email, '192.0.2.33');
        return answer.statusCode;
      }),
    );
    expect(race.calls).toBe(20);
    expect(race.results.filter((status) => status === 409)).toHaveLength(20);
    expect(race.results.filter((status) => status === 429)).toHaveLength(20);
  });

  it('count a profile update to a taken e-mail like a sign-up, per account', async () => {
    const [prober, classmate] = [await newStudent(), await newStudent()];
    const remoteAddress = '192.0.2.34';
    for (let i = 0; i < 20; i += 1) {
      const taken = await changeEmail(prober, cast.admin.email, remoteAddress);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ error: MESSAGES.emailTaken });
    }
    const before = await tableFingerprint(t.db);
    for (const email of [cast.admin.email, fresh()]) {
      expect((await changeEmail(prober, email, remoteAddress)).statusCode, email).toBe(429);
    }
    expect(await tableFingerprint(t.db)).toEqual(before);
    expect((await changeEmail(classmate, cast.admin.email, remoteAddress)).statusCode).toBe(409);
  });

  it('refuse every sign-up and profile update from an address past 200 answers an hour', async () => {
    const remoteAddress = '192.0.2.35';
    const probers = await Promise.all(Array.from({ length: 10 }, () => newStudent()));
    for (const prober of probers) {
      for (let i = 0; i < 20; i += 1) await changeEmail(prober, cast.admin.email, remoteAddress);
    }
    const bystander = await newStudent();
    expect((await changeEmail(bystander, fresh(), remoteAddress)).statusCode).toBe(429);
    expect((await signUp(fresh(), remoteAddress, 'Another browser')).statusCode).toBe(429);
    expect((await signUp(fresh(), '192.0.2.36', 'Another browser')).statusCode).toBe(201);
    // 200 updates, each verifying the current password (argon2) that a new address needs.
  }, 120_000);

  it('does not count sign-ups that succeed or fail for another reason', async () => {
    const remoteAddress = '192.0.2.40';
    for (let i = 0; i < 25; i += 1) {
      expect((await signUp(fresh(), remoteAddress)).statusCode).toBe(201);
      const noSchool = await t.app.inject({
        method: 'POST',
        url: '/api/v1/schools/999999/users',
        payload: { ...userSignupBody(), code: schoolCodeOf(cast.admin.school.id) },
        headers: { 'user-agent': 'Probe/1.0' },
        remoteAddress,
      });
      expect(noSchool.statusCode).toBe(404);
    }
    expect((await signUp(cast.student.email, remoteAddress)).statusCode).toBe(409);
  });
});
