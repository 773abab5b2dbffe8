import { MESSAGES } from '@wellbank/domain';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teamMembers, teams, users } from '../../db/schema.ts';
import { bearer, signUpSchool, userSignupBody } from '../../test/fixtures.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();

describe('GET /teams?email=', () => {
  it("finds the team a captain's e-mail leads, exposing no contact data", async () => {
    const captain = await signUpSchool(t.app);
    const response = await t.app.inject({
      url: `/api/v1/teams?email=${encodeURIComponent(captain.email.toUpperCase())}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: captain.team_id,
      name: 'Carla C.',
      school: { id: captain.school.id, name: 'Lincoln Elementary' },
    });
    expect(response.body).not.toContain('@');
  });

  it('answers 404 for an e-mail that captains no team and 422 without an @', async () => {
    const missing = await t.app.inject({ url: '/api/v1/teams?email=nobody@lincoln.example' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: MESSAGES.teamNotFound });
    const invalid = await t.app.inject({ url: '/api/v1/teams?email=nobody' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ error: MESSAGES.invalidEmailFindTeam });
  });

  it('limits lookups to 30 a minute per client address', async () => {
    const remoteAddress = '10.1.1.1';
    for (let i = 0; i < 30; i += 1) {
      await t.app.inject({ url: '/api/v1/teams?email=a@b.co', remoteAddress });
    }
    const limited = await t.app.inject({ url: '/api/v1/teams?email=a@b.co', remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('GET /teams/{id}', () => {
  it('exposes only id, name and the school id and name', async () => {
    const captain = await signUpSchool(t.app);
    const response = await t.app.inject({ url: `/api/v1/teams/${captain.team_id}` });
    expect(response.statusCode).toBe(200);
    const team = response.json();
    expect(Object.keys(team).sort()).toEqual(['id', 'name', 'school']);
    expect(Object.keys(team.school).sort()).toEqual(['id', 'name']);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await t.app.inject({ url: '/api/v1/teams/424242' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: MESSAGES.notFound });
  });

  it("spends the lookup budget, so a team's sequential ids cannot all be read", async () => {
    const captain = await signUpSchool(t.app);
    const remoteAddress = '10.1.2.1';
    for (let i = 0; i < 30; i += 1) {
      const read = await t.app.inject({ url: `/api/v1/teams/${captain.team_id}`, remoteAddress });
      expect(read.statusCode).toBe(200);
    }
    const limited = await t.app.inject({ url: `/api/v1/teams/${captain.team_id}`, remoteAddress });
    expect(limited.statusCode).toBe(429);
    const lookup = await t.app.inject({ url: '/api/v1/teams?email=a@b.co', remoteAddress });
    expect(lookup.statusCode).toBe(429);
  });
});

describe('POST /teams/{id}/signup', () => {
  it("signs up a community member of the team's school, on that team, captain of none", async () => {
    const captain = await signUpSchool(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${captain.team_id}/signup`,
      payload: { ...userSignupBody(), captain_email: captain.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(201);
    const member = response.json();
    expect(member).toMatchObject({
      roles: ['community_member'],
      user_school_roles: [{ role: { name: 'community_member' } }],
      school: captain.school,
      team_id: captain.team_id,
      needs_team_payment: true,
      needs_subscription_payment: false,
    });
    const captained = await t.db.select().from(teams).where(eq(teams.captainUserId, member.id));
    expect(captained).toEqual([]);
    const members = await t.db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, captain.team_id ?? 0));
    expect(members.map((m) => m.userId).sort()).toEqual([captain.id, member.id].sort());
    const me = await t.app.inject({
      url: `/api/v1/users/${member.id}`,
      headers: bearer(member.token),
    });
    expect(me.json()).toMatchObject({ team_id: captain.team_id });
  });

  it('answers 404 for an unknown team and 409 for a taken e-mail, writing nothing', async () => {
    const captain = await signUpSchool(t.app);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams/999999/signup',
      payload: { ...userSignupBody(), captain_email: captain.email },
    });
    expect(unknown.statusCode).toBe(404);
    const [before] = await t.db.select({ n: count() }).from(users);
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${captain.team_id}/signup`,
      payload: { ...userSignupBody({ email: captain.email }), captain_email: captain.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: MESSAGES.emailTaken });
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it("refuses a missing or wrong captain's e-mail like an unknown team, writing nothing", async () => {
    const captain = await signUpSchool(t.app);
    const other = await signUpSchool(t.app);
    const [before] = await t.db.select({ n: count() }).from(users);
    const unknownTeam = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams/999999/signup',
      payload: { ...userSignupBody(), captain_email: captain.email },
      remoteAddress: '10.1.3.1',
    });
    for (const captainEmail of [undefined, other.email, '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/teams/${captain.team_id}/signup`,
        payload: { ...userSignupBody(), captain_email: captainEmail },
        remoteAddress: '10.1.3.1',
      });
      expect(response.statusCode, String(captainEmail)).toBe(404);
      expect(response.json()).toEqual(unknownTeam.json());
    }
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it('counts each refused proof toward the lookup limit, then refuses even the right one', async () => {
    const captain = await signUpSchool(t.app);
    const remoteAddress = '10.1.4.1';
    const join = (captainEmail: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/teams/${captain.team_id}/signup`,
        payload: { ...userSignupBody(), captain_email: captainEmail },
        remoteAddress,
      });
    for (let i = 0; i < 30; i += 1) {
      expect((await join(`guess${i}@lincoln.example`)).statusCode).toBe(404);
    }
    const limited = await join(captain.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const lookup = await t.app.inject({ url: `/api/v1/teams/${captain.team_id}`, remoteAddress });
    expect(lookup.statusCode).toBe(429);
  });

  it('answers 422 with the SPEC message for mismatched passwords', async () => {
    const captain = await signUpSchool(t.app);
    const body = userSignupBody();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${captain.team_id}/signup`,
      payload: {
        user: { ...body.user, verify_password: 'something-else' },
        captain_email: captain.email,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: MESSAGES.passwordsDoNotMatch });
  });
});
