import { TEAM_MESSAGES, type TeamRanking } from '@wellbank/domain';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, teams } from '../../db/schema.ts';
import { signUpSchool } from '../../test/fixtures.ts';
import { as, CAST_ROLES, seedCast, setPoints } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';

/** The school's team ranking on /team and a captain's rename of their team (issue #16 §5–6). */
const t = useTestApp();
const cast = seededOnce(() => seedCast(t));

function ranking(user = cast.student, schoolId = user.school.id) {
  return t.app.inject({ url: `/api/v1/schools/${schoolId}/teams/ranking`, headers: as(user) });
}

function rename(user: typeof cast.student, teamId: number | null, name: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/teams/${teamId}`,
    headers: as(user),
    payload: { name } as object,
  });
}

describe('GET /schools/{id}/teams/ranking', () => {
  it('answers the top ten by points, ties sharing a rank, and the caller’s own team', async () => {
    const admin = await signUpSchool(t.app);
    const schoolId = admin.school.id;
    // Twelve teams besides the coordinator's: points 120, 110, 110, 100, … (a tie at 2nd).
    const points = [120, 110, 110, 100, 90, 80, 70, 60, 50, 40, 30, 20];
    await setPoints(t, admin.id, 5); // the coordinator's own team: last, 13th (memberless teams next)
    await t.db.insert(teams).values(
      points.map((p, i) => ({
        schoolId,
        name: `Team ${String(i).padStart(2, '0')}`,
        points: p,
        closedPoints: p,
      })),
    );

    const response = await ranking(admin);
    expect(response.statusCode).toBe(200);
    const body = response.json() as TeamRanking;
    expect(body.num_teams).toBe(13);
    expect(body.teams.map((team) => [team.rank, team.name, team.points])).toEqual([
      [1, 'Team 00', 120],
      [2, 'Team 01', 110],
      [2, 'Team 02', 110],
      [4, 'Team 03', 100],
      [5, 'Team 04', 90],
      [6, 'Team 05', 80],
      [7, 'Team 06', 70],
      [8, 'Team 07', 60],
      [9, 'Team 08', 50],
      [10, 'Team 09', 40],
    ]);
    expect(body.own_team).toEqual({
      id: admin.team_id,
      name: expect.any(String),
      points: 5,
      goals_reached: null,
      rank: 13,
    });
    const me = await t.app.inject({ url: '/api/v1/teams/me', headers: as(admin) });
    expect(me.json().rank).toBe(13);
  });

  it('answers every member of the school, family too; another school 404, no token 401', async () => {
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) {
      statuses[role] = (await ranking(cast[role], cast.admin.school.id)).statusCode;
    }
    expect(statuses).toEqual({
      admin: 200,
      staff: 200,
      student: 200,
      community: 200,
      otherAdmin: 404,
    });
    const community = (await ranking(cast.community)).json() as TeamRanking;
    expect(community.own_team?.id).toBe(cast.student.team_id);
    const unsigned = await t.app.inject({
      url: `/api/v1/schools/${cast.admin.school.id}/teams/ranking`,
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('PATCH /teams/{id}', () => {
  it('lets the captain rename the team, trimmed, and logs the old name', async () => {
    const response = await rename(cast.student, cast.student.team_id, '  The   Rockets ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: cast.student.team_id, name: 'The Rockets' });
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'team.rename', targetId: cast.student.team_id });
    expect(entry?.detail).toMatch(/\.$/); // the name made at sign-up, "{first} {L}."
  });

  it('keeps the team’s name when the captain renames themself', async () => {
    await rename(cast.staff, cast.staff.team_id, 'Staff Stars');
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${cast.staff.id}`,
      headers: as(cast.staff),
      payload: {
        user: { first_name: 'Renamed', last_name: 'Person', email: cast.staff.email },
      },
    });
    expect(response.statusCode).toBe(200);
    const [team] = await t.db
      .select()
      .from(teams)
      .where(eq(teams.id, cast.staff.team_id ?? 0));
    expect(team?.name).toBe('Staff Stars');
  });

  it('refuses a member who is not the captain (403) and another school’s team (404)', async () => {
    const [before] = await t.db
      .select()
      .from(teams)
      .where(eq(teams.id, cast.student.team_id ?? 0));
    const member = await rename(cast.community, cast.student.team_id, 'Hijacked');
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ error: TEAM_MESSAGES.onlyCaptain });
    expect((await rename(cast.admin, cast.student.team_id, 'Hijacked')).statusCode).toBe(403);
    expect((await rename(cast.otherAdmin, cast.student.team_id, 'Hijacked')).statusCode).toBe(404);
    const unsigned = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/teams/${cast.student.team_id}`,
      payload: { name: 'x' },
    });
    expect(unsigned.statusCode).toBe(401);
    const [after] = await t.db
      .select()
      .from(teams)
      .where(eq(teams.id, cast.student.team_id ?? 0));
    expect(after).toEqual(before);
  });

  it.each([
    ['no name', undefined, TEAM_MESSAGES.nameRequired],
    ['only spaces', '   ', TEAM_MESSAGES.nameRequired],
    ['51 characters', 'x'.repeat(51), TEAM_MESSAGES.nameTooLong],
    ['only punctuation', '!!!', TEAM_MESSAGES.nameNeedsLetter],
    ['a control character', 'Bad\u0007Name', TEAM_MESSAGES.nameControl],
  ])('answers 422 for %s', async (_case, name, message) => {
    const response = await rename(cast.student, cast.student.team_id, name);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: message });
  });
});
