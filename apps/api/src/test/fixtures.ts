import type { SessionRecord } from '@wellbank/domain';
import type { WellbankApp } from '../app.ts';

let sequence = 0;

/** The session of an account these fixtures made: each signs up with an address. */
export type EmailSession = SessionRecord & { email: string };

/** Unique per call, so tests in one file never collide on codes or e-mails. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${sequence}${Math.random().toString(36).slice(2, 6)}`;
}

export function schoolCode(): string {
  return `${Math.random().toString(36).slice(2, 5)}${String(++sequence).padStart(3, '0')}`
    .slice(-6)
    .toUpperCase();
}

type SchoolSignupOverrides = { code?: string; email?: string; timeZone?: string };

export function schoolSignupBody(overrides: SchoolSignupOverrides = {}) {
  return {
    school: {
      name: 'Lincoln Elementary',
      code: overrides.code ?? schoolCode(),
      time_zone: overrides.timeZone ?? 'America/Denver',
      contact_name: 'Pat Principal',
      contact_email: 'office@lincoln.example',
      contact_phone: '303-555-0100',
      address: '1 School Road',
      city: 'Denver',
      state: 'CO',
      zip_code: '80202',
    },
    user: {
      first_name: 'Carla',
      last_name: 'coordinator',
      email: overrides.email ?? `${unique('carla')}@lincoln.example`,
      password: 'secret-pass',
      password_confirmation: 'secret-pass',
    },
  };
}

export function userSignupBody(overrides: { email?: string; password?: string } = {}) {
  const password = overrides.password ?? 'secret-pass';
  return {
    user: {
      first_name: 'Sam',
      last_name: 'student',
      email: overrides.email ?? `${unique('sam')}@lincoln.example`,
      password,
      verify_password: password,
    },
  };
}

/**
 * The codes of the schools this test file signed up, by school id: joining a school needs its
 * code (DESIGN.md §1.5), and the session record does not carry it.
 */
const schoolCodes = new Map<number, string>();

/**
 * Signs up a school through the API. It has paid its subscription through the built-in test
 * checkout, as almost every test's school must (unpaid, nearly every call answers 402), unless
 * `paid: false`, for the tests of payments themselves.
 */
export async function signUpSchool(
  app: WellbankApp,
  overrides: SchoolSignupOverrides & { paid?: boolean } = {},
): Promise<EmailSession> {
  const body = schoolSignupBody(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/v1/signup', payload: body });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const admin: EmailSession = response.json().user;
  schoolCodes.set(admin.school.id, body.school.code.toUpperCase());
  if (overrides.paid === false) return admin;
  return payOnTestCheckout(app, admin, {
    checkout: [
      '/api/v1/stripe-subscription-checkout-sessions',
      { school_id: admin.school.id, num_students: 50 },
    ],
    report: `/api/v1/schools/${admin.school.id}/payments`,
  });
}

/**
 * Pays on the built-in test checkout as the web app would: open a checkout session, pay it,
 * report the return. Answers the user's session record as it is afterwards.
 */
export async function payOnTestCheckout<User extends SessionRecord>(
  app: WellbankApp,
  user: User,
  calls: { checkout: [url: string, body: object]; report: string },
): Promise<User> {
  const headers = bearer(user.token);
  const [url, payload] = calls.checkout;
  const checkout = await app.inject({ method: 'POST', url, payload, headers });
  if (checkout.statusCode !== 201) throw new Error(`checkout failed: ${checkout.body}`);
  const id: string = checkout.json().id;
  await app.inject({ method: 'POST', url: `/api/v1/local-checkout/${id}/pay` });
  const report = await app.inject({
    method: 'POST',
    url: calls.report,
    payload: { stripe_session_id: id },
    headers,
  });
  // Paying recorded it already; the return call finds it (200).
  if (report.statusCode !== 200) throw new Error(`payment report failed: ${report.body}`);
  const record = await app.inject({ url: `/api/v1/users/${user.id}`, headers });
  return { ...record.json(), token: user.token };
}

/** The code of a school signed up by `signUpSchool`. */
export function schoolCodeOf(schoolId: number): string {
  const code = schoolCodes.get(schoolId);
  if (!code) throw new Error(`school ${schoolId} was not signed up by signUpSchool`);
  return code;
}

/** A student joins by the school's id and code (a school signed up by `signUpSchool`). */
export async function joinSchool(
  app: WellbankApp,
  schoolId: number,
  overrides: { email?: string; password?: string } = {},
): Promise<EmailSession> {
  const code = schoolCodeOf(schoolId);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/schools/${schoolId}/users`,
    payload: { ...userSignupBody(overrides), code },
  });
  if (response.statusCode !== 201) throw new Error(`join failed: ${response.body}`);
  return response.json();
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
