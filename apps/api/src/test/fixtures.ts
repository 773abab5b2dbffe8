import type { SessionRecord } from '@wellbank/domain';
import type { WellbankApp } from '../app.ts';

let sequence = 0;

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

export async function signUpSchool(
  app: WellbankApp,
  overrides: SchoolSignupOverrides = {},
): Promise<SessionRecord> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: schoolSignupBody(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  return response.json().user;
}

export async function joinSchool(
  app: WellbankApp,
  schoolId: number,
  overrides: { email?: string; password?: string } = {},
): Promise<SessionRecord> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/schools/${schoolId}/users`,
    payload: userSignupBody(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`join failed: ${response.body}`);
  return response.json();
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
