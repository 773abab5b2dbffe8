import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { tableFingerprint } from './security/table-fingerprint.ts';
import { bearer, joinSchool, schoolSignupBody, signUpSchool } from './test/fixtures.ts';
import { useTestApp } from './test/use-test-app.ts';

/**
 * SPEC.md §9 and §8 word for word, in the situations they name: the texts are written out here,
 * not read from MESSAGES, so an edit of a message that drifts from SPEC.md fails.
 */
const SPEC = {
  schoolCode: 'Invalid school code (code must be 6 characters long)',
  signUpEmail: 'Please enter a valid email address',
  loginEmail: 'Invalid email address',
  findTeamEmail: 'Invalid email',
  shortPassword: 'Password must be at least 6 characters long',
  passwordsDiffer: 'Passwords do not match',
  loginFailed: 'Invalid email or password',
};

const t = useTestApp();

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
}

function expectRefusal(response: LightMyRequestResponse, status: number, error: string) {
  expect(response.json()).toEqual({ error });
  expect(response.statusCode).toBe(status);
}

describe('SPEC.md §9: the words a user reads when a form is refused', () => {
  it('school sign-up: a code that is not 6 characters, a bad e-mail, a short or unconfirmed password', async () => {
    const before = await tableFingerprint(t.db);
    const body = schoolSignupBody();
    expectRefusal(
      await post('/signup', { ...body, school: { ...body.school, code: 'ABC12' } }),
      422,
      SPEC.schoolCode,
    );
    const withUser = (user: Record<string, string>) => ({
      ...body,
      user: { ...body.user, ...user },
    });
    expectRefusal(await post('/signup', withUser({ email: 'carla@' })), 422, SPEC.signUpEmail);
    expectRefusal(
      await post('/signup', withUser({ password: 'abc12', password_confirmation: 'abc12' })),
      422,
      SPEC.shortPassword,
    );
    expectRefusal(
      await post('/signup', withUser({ password_confirmation: 'other-pass' })),
      422,
      SPEC.passwordsDiffer,
    );
    expect(await tableFingerprint(t.db)).toEqual(before);
  });

  it('joining a school: a code that is not 6 characters', async () => {
    const lookup = await t.app.inject({ url: '/api/v1/schools?code=ABC12' });
    expectRefusal(lookup, 422, SPEC.schoolCode);
  });

  it('profile update: a bad e-mail, a password the verification does not match', async () => {
    const admin = await signUpSchool(t.app);
    const student = await joinSchool(t.app, admin.school.id);
    const patch = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${student.id}`,
        headers: bearer(student.token),
        payload: {
          user: { first_name: 'Sam', last_name: 'Student', email: student.email, ...fields },
        },
      });
    expectRefusal(await patch({ email: 'sam.example' }), 422, SPEC.signUpEmail);
    expectRefusal(
      await patch({ password: 'abcdef', verify_password: 'abcdeg' }),
      422,
      SPEC.passwordsDiffer,
    );
  });

  it('login: a malformed e-mail, a short password, then a wrong one', async () => {
    const admin = await signUpSchool(t.app);
    const login = (email: string, password: string) =>
      post('/authentication/authenticate', { email, password });
    expectRefusal(await login('carla', 'secret-pass'), 422, SPEC.loginEmail);
    expectRefusal(await login(admin.email, '12345'), 422, SPEC.shortPassword);
    expectRefusal(await login(admin.email, 'wrong-pass'), 401, SPEC.loginFailed);
  });

  it('reset password: a short password, a confirmation that differs', async () => {
    const reset = (password: string, password_confirmation: string) =>
      post('/reset-password', {
        token: 'some-token',
        email: 'kid@lincoln.example',
        password,
        password_confirmation,
      });
    expectRefusal(await reset('12345', '12345'), 422, SPEC.shortPassword);
    expectRefusal(await reset('secret-pass', 'secret-pasz'), 422, SPEC.passwordsDiffer);
  });

  it('find team: an e-mail without @', async () => {
    const lookup = await t.app.inject({ url: '/api/v1/teams?email=captain.example' });
    expectRefusal(lookup, 422, SPEC.findTeamEmail);
  });
});
