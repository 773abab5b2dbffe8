import { MESSAGES } from '@wellbank/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableFingerprint } from '../../security/table-fingerprint.ts';
import {
  bearer,
  joinSchool,
  schoolCodeOf,
  schoolSignupBody,
  signUpSchool,
  unique,
  userSignupBody,
} from '../../test/fixtures.ts';
import { lastResetToken } from '../../test/reset-link.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { isCommonPassword } from './passwords.ts';

const t = useTestApp();
let schoolId: number;
beforeAll(async () => {
  schoolId = (await signUpSchool(t.app)).school.id;
});

/** On the list in any case; six characters or more, so only the list refuses them. */
const COMMON = ['password1', 'Qwerty123', 'iloveyou'];

function withPassword<T extends { user: object }>(body: T, password: string, confirmation: string) {
  return { ...body, user: { ...body.user, password, [confirmation]: password } };
}

describe('isCommonPassword', () => {
  it('finds the most common passwords whatever their case, and not a passphrase', () => {
    for (const password of COMMON) expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword('maple-canoe-river')).toBe(false);
  });
});

describe('a common password is refused (422) for every account, writing nothing', () => {
  it.each(COMMON)('at every sign-up: %s', async (password) => {
    const before = await tableFingerprint(t.db);
    const signUps = [
      {
        url: '/api/v1/signup',
        payload: withPassword(schoolSignupBody(), password, 'password_confirmation'),
      },
      {
        url: `/api/v1/schools/${schoolId}/users`,
        payload: {
          ...withPassword(userSignupBody(), password, 'verify_password'),
          code: schoolCodeOf(schoolId),
        },
      },
    ];
    for (const { url, payload } of signUps) {
      const response = await t.app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, url).toBe(422);
      expect(response.json()).toEqual({ error: MESSAGES.passwordTooCommon });
    }
    expect(await tableFingerprint(t.db)).toEqual(before);
  });

  it('at a profile change and a password reset, and the old password still works', async () => {
    const student = await joinSchool(t.app, schoolId, { email: `${unique('pw')}@lincoln.example` });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${student.id}`,
      headers: bearer(student.token),
      payload: {
        user: {
          first_name: student.first_name,
          last_name: student.last_name,
          email: student.email,
          password: 'iloveyou',
          verify_password: 'iloveyou',
          current_password: 'secret-pass',
        },
      },
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ error: MESSAGES.passwordTooCommon });

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password',
      payload: { email: student.email },
    });
    await t.runJobs();
    const token = lastResetToken(t.mailbox, student.email);
    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/reset-password',
        payload: { token, email: student.email, password, password_confirmation: password },
      });
    const refused = await reset('Password1');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: MESSAGES.passwordTooCommon });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/authenticate',
      payload: { email: student.email, password: 'secret-pass' },
    });
    expect(login.statusCode).toBe(200);
    // The link was not used up by the refusal.
    expect((await reset('maple-canoe-river')).statusCode).toBe(200);
  });
});
