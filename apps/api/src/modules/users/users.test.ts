import { MESSAGES } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions, dailySummaries, payments, semesters } from '../../db/schema.ts';
import { bearer, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { recomputeSchoolPoints } from '../points/points.service.ts';

const t = useTestApp();

function getUser(id: number | string, token: string) {
  return t.app.inject({ url: `/api/v1/users/${id}`, headers: bearer(token) });
}

function patchUser(id: number, token: string, user: Record<string, string>) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/users/${id}`,
    headers: bearer(token),
    payload: { user },
  });
}

describe('GET /users/{id}', () => {
  it('answers your own user record, without a token', async () => {
    const coordinator = await signUpSchool(t.app);
    const response = await getUser(coordinator.id, coordinator.token);
    expect(response.statusCode).toBe(200);
    const { token: _token, ...record } = coordinator;
    expect(response.json()).toEqual(record);
  });

  it("answers 404 for another user's id and 401 without a token", async () => {
    const coordinator = await signUpSchool(t.app);
    const student = await joinSchool(t.app, coordinator.school.id);
    const other = await getUser(coordinator.id, student.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: MESSAGES.notFound });
    const anonymous = await t.app.inject({ url: `/api/v1/users/${student.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts points inside the active interval only, and clears the subscription flag once paid', async () => {
    const coordinator = await signUpSchool(t.app, { paid: false });
    const [semester] = await t.db
      .select()
      .from(semesters)
      .where(eq(semesters.schoolId, coordinator.school.id));
    if (!semester) throw new Error('no first interval');
    const day = (date: string, dayPoints: number, streakPoints: number) => ({
      userId: coordinator.id,
      schoolId: coordinator.school.id,
      localDate: date,
      balanceCents: dayPoints * 10,
      foodCents: 0,
      energyCents: dayPoints * 10,
      stressCents: 0,
      isComplete: streakPoints > 0,
      streakLength: streakPoints > 0 ? 1 : 0,
      dayPoints,
      streakPoints,
    });
    await t.db
      .insert(dailySummaries)
      .values([
        day(semester.startDate, 30, 5),
        day(semester.endDate, -4, 0),
        day('2001-01-01', 1000, 35),
      ]);
    await t.db.insert(checkoutSessions).values({
      id: 'cs_test_1',
      provider: 'local',
      kind: 'subscription',
      schoolId: coordinator.school.id,
      userId: coordinator.id,
      numStudents: 50,
      amountCents: 10_330,
      status: 'paid',
    });
    await t.db.insert(payments).values({
      checkoutSessionId: 'cs_test_1',
      kind: 'subscription',
      schoolId: coordinator.school.id,
      userId: coordinator.id,
      amountCents: 10_330,
    });
    await recomputeSchoolPoints(t.db, coordinator.school.id);
    const response = await getUser(coordinator.id, coordinator.token);
    expect(response.json()).toMatchObject({ points: 31, needs_subscription_payment: false });
    await t.db
      .update(semesters)
      .set({ isActive: false })
      .where(eq(semesters.schoolId, coordinator.school.id));
    await recomputeSchoolPoints(t.db, coordinator.school.id);
    expect((await getUser(coordinator.id, coordinator.token)).json().points).toBe(0);
  });
});

describe('PATCH /users/{id}', () => {
  it('updates names, and keeps the password when it is empty', async () => {
    const coordinator = await signUpSchool(t.app);
    const response = await patchUser(coordinator.id, coordinator.token, {
      first_name: 'Carol',
      last_name: 'Coordinator',
      email: coordinator.email.toUpperCase(),
      password: '',
      verify_password: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Carol', email: coordinator.email });
    expect(response.json()).not.toHaveProperty('token');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/authenticate',
      payload: { email: coordinator.email, password: 'secret-pass' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('changes the password and signs out the other sessions, keeping this one', async () => {
    const coordinator = await signUpSchool(t.app);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/authenticate',
      payload: { email: coordinator.email, password: 'secret-pass' },
    });
    const response = await patchUser(coordinator.id, coordinator.token, {
      first_name: 'Carla',
      last_name: 'Coordinator',
      email: coordinator.email,
      password: 'brand-new-pass',
      verify_password: 'brand-new-pass',
      current_password: 'secret-pass',
    });
    expect(response.statusCode).toBe(200);
    expect((await getUser(coordinator.id, coordinator.token)).statusCode).toBe(200);
    expect((await getUser(coordinator.id, second.json().token)).statusCode).toBe(401);
  });

  it("answers 404 for another user's id, 409 for a taken e-mail and 422 for a bad one", async () => {
    const coordinator = await signUpSchool(t.app);
    const student = await joinSchool(t.app, coordinator.school.id);
    const fields = { first_name: 'Sam', last_name: 'Student', email: student.email };
    const other = await patchUser(coordinator.id, student.token, fields);
    expect(other.statusCode).toBe(404);
    const taken = await patchUser(student.id, student.token, {
      ...fields,
      email: coordinator.email,
      current_password: 'secret-pass',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: MESSAGES.emailTaken });
    const bad = await patchUser(student.id, student.token, { ...fields, email: 'bad' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ error: MESSAGES.invalidEmailSignup });
    const mismatch = await patchUser(student.id, student.token, {
      ...fields,
      password: 'abcdef',
      verify_password: 'abcdeg',
    });
    expect(mismatch.json()).toEqual({ error: MESSAGES.passwordsDoNotMatch });
    const unchanged = await getUser(student.id, student.token);
    expect(unchanged.json().email).toBe(student.email);
  });
});
