import type { SessionRecord } from '@wellbank/domain';
import { type EmailSession, userSignupBody } from './fixtures.ts';
import { as } from './school-fixture.ts';
import type { TestApp } from './test-app.ts';

/** A new family code for the student, made by a staff member (or the student) of the school. */
export async function familyCodeOf(
  t: TestApp,
  maker: SessionRecord,
  studentId: number,
): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/users/${studentId}/family-code`,
    headers: as(maker),
  });
  if (response.statusCode !== 201) throw new Error(`family code failed: ${response.body}`);
  return response.json().code;
}

/** A parent signs up as a guardian with the child's family code (decision 0075). */
export async function signUpGuardian(
  t: TestApp,
  code: string,
  remoteAddress = '192.0.2.60',
): Promise<EmailSession> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/family/sign-up',
    payload: { ...userSignupBody(), code },
    remoteAddress,
  });
  if (response.statusCode !== 201) throw new Error(`guardian sign-up failed: ${response.body}`);
  return response.json();
}
