import {
  MESSAGES,
  type SchoolSignInMethods,
  type SessionRecord,
  SIGN_IN_MESSAGES,
} from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations, users } from '../../db/schema.ts';
import { schoolCodeOf, unique, userSignupBody } from '../../test/fixtures.ts';
import { lastResetToken } from '../../test/reset-link.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';
import { openSession } from '../auth/sessions.ts';
import { createSignInTestApp, TEST_PROVIDERS } from './sign-in-test-app.ts';

const t = useTestApp(createSignInTestApp);
const cast = seededOnce(async () => {
  const seeded = await seedCast(t);
  // Invitations are made while passwords still work, and used once they no longer do.
  const student = `${unique('pupil')}@lincoln.example`;
  const staff = `${unique('teacher')}@lincoln.example`;
  const csv = `First name,Last name,E-mail,Role\nKai,Doe,${student},student\nTia,Moe,${staff},staff`;
  const imported = await t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${seeded.admin.school.id}/roster`,
    headers: { ...as(seeded.admin), 'content-type': 'text/csv' },
    payload: csv,
  });
  if (imported.statusCode !== 200) throw new Error(imported.body);
  await t.runJobs();
  return { ...seeded, invited: { student, staff } };
});

/** The admin's session: the one of the seed until their password reset ends it. */
let adminSession: SessionRecord | undefined;
const admin = () => adminSession ?? cast.admin;

const ONLY_GOOGLE = 'Your school signs in with Google. Use "Sign in with Google".';

function setMethods(body: SchoolSignInMethods) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/schools/${cast.admin.school.id}/sign-in-methods`,
    headers: as(admin()),
    payload: body,
  });
}

async function districtOnly(on: boolean) {
  const response = await setMethods({
    providers: [
      { id: 'google', enabled: true, restriction: null },
      { id: 'microsoft', enabled: false, restriction: null },
      { id: 'oidc', enabled: false, restriction: null },
    ],
    district_only: on,
  });
  expect(response.statusCode, response.body).toBe(200);
}

function login(email: string, password = 'secret-pass', language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/authenticate',
    headers: { 'accept-language': language },
    payload: { email, password },
  });
}

function invitationToken(email: string): string {
  const mail = t.mailbox.findLast((message) => message.to === email);
  const token = mail?.text.match(/\/sign-up\/invite\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

async function accountOf(email: string) {
  return t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
}

describe('district sign-in only: passwords refused to students and staff, never to admins', () => {
  it('login: refused only after the password was checked, naming the button', async () => {
    await districtOnly(true);
    const wrong = await login(cast.student.email, 'not-the-password');
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { error: MESSAGES.loginFailed }]);
    for (const person of [cast.student, cast.staff]) {
      const refused = await login(person.email);
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: ONLY_GOOGLE }]);
    }
    const spanish = await login(cast.student.email, 'secret-pass', 'es');
    expect(spanish.json().error).toBe(
      'Tu escuela inicia sesión con Google. Usa "Iniciar sesión con Google".',
    );
    expect((await login(cast.admin.email)).statusCode).toBe(200);
    // A family member is not the school's student or staff.
    expect((await login(cast.community.email)).statusCode).toBe(200);
  });

  it('names every provider the school left on', async () => {
    await setMethods({
      providers: TEST_PROVIDERS.map(({ id }) => ({ id, enabled: true, restriction: null })),
      district_only: true,
    });
    const refused = await login(cast.student.email);
    expect(refused.json()).toEqual({
      error: SIGN_IN_MESSAGES.districtOnly(['Google', 'Microsoft', 'Demo District']),
    });
    expect(refused.json().error).toBe(
      'Your school signs in with Google, Microsoft, Demo District. Use the "Sign in with" button of your account.',
    );
    await districtOnly(true);
  });

  it('password reset: refused for a student, the link still unused; the admin resets', async () => {
    await districtOnly(true);
    for (const person of [cast.student, cast.admin]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/forgot-password',
        payload: { email: person.email },
      });
    }
    await t.runJobs();
    const reset = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/reset-password',
        payload: {
          token: lastResetToken(t.mailbox, email),
          email,
          password: 'a-new-secret',
          password_confirmation: 'a-new-secret',
        },
      });
    const refused = await reset(cast.student.email);
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: ONLY_GOOGLE }]);
    // Nothing changed: the old password is still the student's (a district sign-in later needs none).
    await districtOnly(false);
    expect((await login(cast.student.email)).statusCode).toBe(200);
    await districtOnly(true);
    const adminReset = await reset(cast.admin.email);
    expect(adminReset.statusCode).toBe(200);
    adminSession = adminReset.json();
    expect((await login(cast.admin.email, 'a-new-secret')).statusCode).toBe(200);
  });

  it('sign-up by the school code: refused before an account is written', async () => {
    await districtOnly(true);
    const body = userSignupBody();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${cast.admin.school.id}/users`,
      payload: { ...body, code: schoolCodeOf(cast.admin.school.id) },
    });
    expect([response.statusCode, response.json()]).toEqual([403, { error: ONLY_GOOGLE }]);
    expect(await accountOf(body.user.email)).toEqual([]);
  });

  it('invitation by link: refused before an account is written, the link still open', async () => {
    await districtOnly(true);
    for (const email of [cast.invited.student, cast.invited.staff]) {
      const token = invitationToken(email);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/invitations/${token}/accept`,
        payload: userSignupBody({ email }),
      });
      expect([response.statusCode, response.json()]).toEqual([403, { error: ONLY_GOOGLE }]);
      expect(await accountOf(email)).toEqual([]);
      const [invitation] = await t.db
        .select({ usedAt: invitations.usedAt })
        .from(invitations)
        .where(eq(invitations.email, email));
      expect(invitation).toEqual({ usedAt: null });
    }
  });

  it('holds in openSession itself, in the statement that writes the session', async () => {
    await districtOnly(true);
    const password = { method: 'password', providers: TEST_PROVIDERS } as const;
    await expect(openSession(t.db, cast.student.id, new Date(), password)).rejects.toThrow(
      ONLY_GOOGLE,
    );
    const district = await openSession(t.db, cast.student.id, new Date(), { method: 'district' });
    expect(district.id).toBe(cast.student.id);
    const admin = await openSession(t.db, cast.admin.id, new Date(), password);
    expect(admin.id).toBe(cast.admin.id);
  });

  it('switched off, passwords work again', async () => {
    await districtOnly(false);
    expect((await login(cast.student.email)).statusCode).toBe(200);
  });
});
