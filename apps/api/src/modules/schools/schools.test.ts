import { daysBetween, MESSAGES, tryAgainMessage } from '@wellbank/domain';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schools, semesters, teamMembers, teams, users } from '../../db/schema.ts';
import {
  joinSchool,
  schoolCode,
  schoolSignupBody,
  signUpSchool,
  userSignupBody,
} from '../../test/fixtures.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();

async function rowCount(table: typeof schools | typeof users | typeof teams) {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe('POST /signup', () => {
  it('creates the school, its coordinator, their team and a first active interval', async () => {
    const body = schoolSignupBody({ code: 'ab12cd', email: 'Carla.C@Lincoln.Example' });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/signup', payload: body });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({
      first_name: 'Carla',
      email: 'carla.c@lincoln.example',
      points: 0,
      needs_subscription_payment: true,
      needs_team_payment: false,
      school: { name: 'Lincoln Elementary' },
      roles: ['admin', 'staff'],
      user_school_roles: [{ role: { name: 'admin' } }, { role: { name: 'staff' } }],
    });
    expect(user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [school] = await t.db.select().from(schools).where(eq(schools.id, user.school.id));
    expect(school?.code).toBe('AB12CD');
    const [team] = await t.db.select().from(teams).where(eq(teams.id, user.team_id));
    expect(team).toMatchObject({ name: 'Carla C.', captainUserId: user.id });
    const members = await t.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.teamId, user.team_id));
    expect(members.map((m) => m.userId)).toEqual([user.id]);
    const [semester] = await t.db
      .select()
      .from(semesters)
      .where(eq(semesters.schoolId, user.school.id));
    expect(semester).toMatchObject({ isActive: true, pointsNeeded: 1000 });
    expect(daysBetween(semester?.startDate ?? '', semester?.endDate ?? '')).toBe(120);
  });

  it('refuses a taken code, case-insensitively, with 409 and writes nothing', async () => {
    await signUpSchool(t.app, { code: 'TAKEN1' });
    const before = await Promise.all([rowCount(schools), rowCount(users)]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: schoolSignupBody({ code: 'taken1' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: MESSAGES.schoolCodeTaken });
    expect(await Promise.all([rowCount(schools), rowCount(users)])).toEqual(before);
  });

  it('refuses a taken e-mail with 409 and leaves no school behind', async () => {
    const existing = await signUpSchool(t.app);
    const before = await Promise.all([rowCount(schools), rowCount(users), rowCount(teams)]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: schoolSignupBody({ email: existing.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: MESSAGES.emailTaken });
    expect(await Promise.all([rowCount(schools), rowCount(users), rowCount(teams)])).toEqual(
      before,
    );
  });

  it.each([
    ['a short code', { school: { code: 'ABC' } }, MESSAGES.invalidSchoolCode],
    ['a bad e-mail', { user: { email: 'nope' } }, MESSAGES.invalidEmailSignup],
    [
      'a short password',
      { user: { password: 'abc', password_confirmation: 'abc' } },
      MESSAGES.passwordTooShort,
    ],
    [
      'different passwords',
      { user: { password_confirmation: 'other-pass' } },
      MESSAGES.passwordsDoNotMatch,
    ],
  ])('answers 422 with the SPEC message for %s', async (_name, patch, message) => {
    const body = schoolSignupBody();
    const payload = {
      school: { ...body.school, ...('school' in patch ? patch.school : {}) },
      user: { ...body.user, ...('user' in patch ? patch.user : {}) },
    };
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/signup', payload });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: message });
  });

  it('lets exactly one of several simultaneous sign-ups with one e-mail succeed', async () => {
    const email = 'race@lincoln.example';
    const before = await rowCount(schools);
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/signup',
          payload: schoolSignupBody({ email }),
        }),
      ),
    ).then((responses) => responses.map((response) => response.statusCode).sort());
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(await rowCount(schools)).toBe(before + 1);
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"school": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: MESSAGES.malformedJson });
  });
});

describe('GET /schools?code=', () => {
  it('finds a school by code, any case, exposing only id, name and a paid subscription', async () => {
    const coordinator = await signUpSchool(t.app, { code: 'FIND01' });
    const response = await t.app.inject({ url: '/api/v1/schools?code=find01' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: coordinator.school.id,
      name: 'Lincoln Elementary',
      subscription_active: true,
    });
  });

  it('tells a school whose subscription is not paid (issue #16 §7), by code only', async () => {
    const coordinator = await signUpSchool(t.app, { code: 'UNPAID', paid: false });
    const response = await t.app.inject({ url: '/api/v1/schools?code=UNPAID' });
    expect(response.json()).toEqual({
      id: coordinator.school.id,
      name: 'Lincoln Elementary',
      subscription_active: false,
    });
    const byId = await t.app.inject({ url: `/api/v1/schools/${coordinator.school.id}` });
    expect(byId.json()).toEqual({ id: coordinator.school.id, name: 'Lincoln Elementary' });
  });

  it('answers 404 for an unknown code and 422 for a malformed one', async () => {
    const missing = await t.app.inject({ url: '/api/v1/schools?code=ZZZZZZ' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: MESSAGES.schoolNotFound });
    const short = await t.app.inject({ url: '/api/v1/schools?code=AB' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ error: MESSAGES.invalidSchoolCode });
    const absent = await t.app.inject({ url: '/api/v1/schools' });
    expect(absent.statusCode).toBe(422);
    expect(absent.json()).toEqual({ error: MESSAGES.invalidSchoolCode });
  });

  it('limits lookups to 30 a minute per client address', async () => {
    const remoteAddress = '10.9.8.7';
    for (let i = 0; i < 30; i += 1) {
      const ok = await t.app.inject({ url: '/api/v1/schools?code=NONE00', remoteAddress });
      expect(ok.statusCode).toBe(404);
    }
    const limited = await t.app.inject({ url: '/api/v1/schools?code=NONE00', remoteAddress });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({ error: tryAgainMessage(retryAfter) });
    const otherClient = await t.app.inject({
      url: '/api/v1/schools?code=NONE00',
      remoteAddress: '10.9.8.8',
    });
    expect(otherClient.statusCode).toBe(404);
  });
});

describe('GET /schools/{id}', () => {
  it('exposes only id and name', async () => {
    const coordinator = await signUpSchool(t.app);
    const response = await t.app.inject({ url: `/api/v1/schools/${coordinator.school.id}` });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['id', 'name']);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '-1', '99999999999']) {
      const response = await t.app.inject({ url: `/api/v1/schools/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MESSAGES.notFound });
    }
  });

  it("shares the code lookup's budget, so sequential ids cannot all be read", async () => {
    const coordinator = await signUpSchool(t.app);
    const remoteAddress = '10.9.7.1';
    for (let i = 0; i < 29; i += 1) {
      const url = `/api/v1/schools/${coordinator.school.id}`;
      expect((await t.app.inject({ url, remoteAddress })).statusCode).toBe(200);
    }
    const lookup = await t.app.inject({ url: '/api/v1/schools?code=NONE00', remoteAddress });
    expect(lookup.statusCode).toBe(404);
    const limited = await t.app.inject({
      url: `/api/v1/schools/${coordinator.school.id}`,
      remoteAddress,
    });
    expect(limited.statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64 network, as the code lookup does', async () => {
    const coordinator = await signUpSchool(t.app);
    const url = `/api/v1/schools/${coordinator.school.id}`;
    for (let i = 1; i <= 30; i += 1) {
      const remoteAddress = `2001:db8:1:2::${i.toString(16)}`;
      expect((await t.app.inject({ url, remoteAddress })).statusCode).toBe(200);
    }
    const limited = await t.app.inject({ url, remoteAddress: '2001:db8:1:2:ffff::1' });
    expect(limited.statusCode).toBe(429);
  });
});

describe('POST /schools/{id}/users', () => {
  it('signs up a student of the school, captain of a team of their own', async () => {
    const coordinator = await signUpSchool(t.app, { paid: false });
    const student = await joinSchool(t.app, coordinator.school.id);
    expect(student).toMatchObject({
      first_name: 'Sam',
      roles: ['student'],
      school: coordinator.school,
      needs_subscription_payment: true,
      needs_team_payment: false,
    });
    expect(student.team_id).not.toBe(coordinator.team_id);
    const [team] = await t.db
      .select()
      .from(teams)
      .where(eq(teams.id, student.team_id ?? 0));
    expect(team).toMatchObject({ name: 'Sam S.', captainUserId: student.id });
  });

  it('answers 404 for an unknown school and 409 for a taken e-mail, writing nothing', async () => {
    const code = schoolCode();
    const coordinator = await signUpSchool(t.app, { code });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/schools/999999/users',
      payload: { ...userSignupBody(), code: 'ZZZZZZ' },
    });
    expect(unknown.statusCode).toBe(404);
    const before = await Promise.all([rowCount(users), rowCount(teams)]);
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${coordinator.school.id}/users`,
      payload: { ...userSignupBody({ email: coordinator.email }), code },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: MESSAGES.emailTaken });
    expect(await Promise.all([rowCount(users), rowCount(teams)])).toEqual(before);
  });

  it('refuses a missing or wrong school code like an unknown school, writing nothing', async () => {
    const code = schoolCode();
    const coordinator = await signUpSchool(t.app, { code });
    const other = schoolCode();
    await signUpSchool(t.app, { code: other });
    const remoteAddress = '10.9.6.1';
    const before = await Promise.all([rowCount(users), rowCount(teams)]);
    const unknownSchool = await t.app.inject({
      method: 'POST',
      url: '/api/v1/schools/999999/users',
      payload: { ...userSignupBody(), code },
      remoteAddress,
    });
    for (const proof of [undefined, other, '', 'AB']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/schools/${coordinator.school.id}/users`,
        payload: { ...userSignupBody(), code: proof },
        remoteAddress,
      });
      expect(response.statusCode, String(proof)).toBe(404);
      expect(response.json()).toEqual(unknownSchool.json());
    }
    expect(await Promise.all([rowCount(users), rowCount(teams)])).toEqual(before);
    const lowerCase = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${coordinator.school.id}/users`,
      payload: { ...userSignupBody(), code: code.toLowerCase() },
      remoteAddress,
    });
    expect(lowerCase.statusCode).toBe(201);
  });

  it('counts each refused code toward the lookup limit, then refuses even the right one', async () => {
    const code = schoolCode();
    const coordinator = await signUpSchool(t.app, { code });
    const remoteAddress = '10.9.5.1';
    const join = (proof: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/schools/${coordinator.school.id}/users`,
        payload: { ...userSignupBody(), code: proof },
        remoteAddress,
      });
    for (let i = 0; i < 30; i += 1) {
      expect((await join(`GUESS${i % 10}`)).statusCode).toBe(404);
    }
    const limited = await join(code);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: tryAgainMessage(Number(limited.headers['retry-after'])),
    });
    const lookup = await t.app.inject({ url: `/api/v1/schools?code=${code}`, remoteAddress });
    expect(lookup.statusCode).toBe(429);
  });

  it.each([
    ['a bad e-mail', { email: 'x@y' }, MESSAGES.invalidEmailSignup],
    [
      'a short password',
      { password: '12345', verify_password: '12345' },
      MESSAGES.passwordTooShort,
    ],
    ['different passwords', { verify_password: 'nope-nope' }, MESSAGES.passwordsDoNotMatch],
  ])('answers 422 with the SPEC message for %s', async (_name, patch, message) => {
    const code = schoolCode();
    const coordinator = await signUpSchool(t.app, { code });
    const body = userSignupBody();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${coordinator.school.id}/users`,
      payload: { user: { ...body.user, ...patch }, code },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: message });
  });
});
