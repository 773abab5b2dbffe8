import type { SessionRecord } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { semesters } from '../../db/schema.ts';
import { joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { as, CAST_ROLES, joinTeam, seedCast, setPoints } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';
import { closeFinishedDays } from '../points/closed-points.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));

async function myTeam(user: { token: string }) {
  const response = await t.app.inject({ url: '/api/v1/teams/me', headers: as(user as never) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('permissions', () => {
  it('GET /teams/me: every signed-in user, 401 without a token', async () => {
    for (const role of CAST_ROLES) {
      const response = await t.app.inject({ url: '/api/v1/teams/me', headers: as(cast[role]) });
      expect(response.statusCode, role).toBe(200);
      expect(response.json().id, role).toBe(cast[role].team_id);
    }
    expect((await t.app.inject({ url: '/api/v1/teams/me' })).statusCode).toBe(401);
  });

  it('GET /teams/{id}/users: any member of the school; another school is not found', async () => {
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) {
      const response = await t.app.inject({
        url: `/api/v1/teams/${cast.student.team_id}/users`,
        headers: as(cast[role]),
      });
      statuses[role] = response.statusCode;
    }
    expect(statuses).toEqual({
      admin: 200,
      staff: 200,
      student: 200,
      community: 200,
      otherAdmin: 404,
    });
    const unknown = await t.app.inject({
      url: '/api/v1/teams/424242/users',
      headers: as(cast.admin),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("GET /teams/{id}/users: another team's students and members get 404, staff read it", async () => {
    const classmate = await joinSchool(t.app, cast.admin.school.id);
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) {
      const response = await t.app.inject({
        url: `/api/v1/teams/${classmate.team_id}/users`,
        headers: as(cast[role]),
      });
      statuses[role] = response.statusCode;
      if (response.statusCode === 404) expect(response.body).not.toContain(classmate.last_name);
    }
    expect(statuses).toEqual({
      admin: 200,
      staff: 200,
      student: 404,
      community: 404,
      otherAdmin: 404,
    });
  });
});

describe('GET /teams/me', () => {
  it('sums the members’ points and ranks the team among the school’s teams, ties sharing', async () => {
    const captain = await signUpSchool(t.app);
    const schoolId = captain.school.id;
    const b = await joinSchool(t.app, schoolId);
    const c = await joinSchool(t.app, schoolId);
    const d = await joinSchool(t.app, schoolId);
    const family = await joinTeam(t, c.team_id);
    // Team points: captain 50; b 80; c 30 + family 50 = 80; d -10.
    await setPoints(t, captain.id, 50);
    await setPoints(t, b.id, 80);
    await setPoints(t, c.id, 30);
    await setPoints(t, family.id, 50);
    await setPoints(t, d.id, -10);

    expect(await myTeam(b)).toEqual({
      id: b.team_id,
      name: 'Sam S.',
      school: { id: schoolId, name: 'Lincoln Elementary' },
      num_team_users: 1,
      rank: 1,
      num_teams: 4,
      points: 80,
      ranked_by: 'points',
      goals_reached: null,
      is_captain: true,
    });
    expect(await myTeam(family)).toMatchObject({ is_captain: false });
    expect(await myTeam(c)).toMatchObject({ rank: 1, points: 80, num_team_users: 2 });
    expect(await myTeam(family)).toMatchObject({ id: c.team_id, rank: 1, points: 80 });
    expect(await myTeam(captain)).toMatchObject({ rank: 3, points: 50, num_teams: 4 });
    expect(await myTeam(d)).toMatchObject({ rank: 4, points: -10 });
  });

  it('keeps team points with every member’s days once they close, and with the active interval', async () => {
    const captain = await signUpSchool(t.app);
    const family = await joinTeam(t, captain.team_id);
    const rival = await joinSchool(t.app, captain.school.id);
    const logWater = (user: SessionRecord, cups: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/activities/water',
        headers: as(user),
        payload: { activity: { properties: [{ property_key: 'cups', property_value: cups }] } },
      });
    // 4 cups are $2.00, 20 points; 2 cups 10, then 8 cups the $4.00 maximum, 40.
    for (const [user, cups] of [
      [captain, 4],
      [family, 2],
      [rival, 8],
      [family, 8],
    ] as const) {
      expect((await logWater(user, cups)).statusCode).toBe(200);
    }
    // Team figures count closed days only (decision 0043): today's are nobody else's yet.
    expect(await myTeam(family)).toMatchObject({ points: 0, rank: 1, num_team_users: 2 });
    t.clock.advance(2 * DAY_MS);
    await closeFinishedDays(t.db, t.clock.now());
    expect(await myTeam(family)).toMatchObject({ points: 60, rank: 1, num_team_users: 2 });
    expect(await myTeam(rival)).toMatchObject({ points: 40, rank: 2 });

    const [active] = await t.db
      .select({ id: semesters.id })
      .from(semesters)
      .where(and(eq(semesters.schoolId, captain.school.id), eq(semesters.isActive, true)));
    const toggle = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/schools/semesters/${active?.id}/active`,
      headers: as(captain),
    });
    expect(toggle.statusCode).toBe(200);
    expect(await myTeam(captain)).toMatchObject({ points: 0, rank: 1 });
    expect(await myTeam(rival)).toMatchObject({ points: 0, rank: 1 });
  });

  it('counts only the caller’s school', async () => {
    const lone = await signUpSchool(t.app);
    await setPoints(t, lone.id, -5);
    expect(await myTeam(lone)).toMatchObject({ rank: 1, num_teams: 1, points: -5 });
  });
});

describe('GET /teams/{id}/users', () => {
  it('lists the team’s members by points, highest first, with no e-mails', async () => {
    await setPoints(t, cast.student.id, 10);
    await setPoints(t, cast.community.id, 25);
    const response = await t.app.inject({
      url: `/api/v1/teams/${cast.student.team_id}/users`,
      headers: as(cast.student),
    });
    expect(response.json()).toEqual([
      { user: { id: cast.community.id, first_name: 'Sam', last_name: 'student', points: 25 } },
      { user: { id: cast.student.id, first_name: 'Sam', last_name: 'student', points: 10 } },
    ]);
    expect(response.body).not.toContain('@');
  });
});
