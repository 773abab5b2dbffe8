import {
  addDays,
  type MyTeam,
  TEAM_RANKING_MESSAGES,
  type TeamGoal,
  type TeamRanking,
  type TeamUserEntry,
} from '@wellbank/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, schools } from '../../db/schema.ts';
import { activityCalls } from '../../test/activity-calls.ts';
import { joinSchool } from '../../test/fixtures.ts';
import { as, CAST_ROLES, joinTeam, seedCast, seedDay } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';

/** Issue 37 §2 (decision 0083): the team's weekly goal and the school's kind ranking. */
const t = useTestApp();
// A Wednesday, 13:00 at the school (America/Denver): the week is Nov 23–29.
const TODAY = '2026-11-25';
const cast = seededOnce(async () => {
  t.clock.set('2026-11-25T20:00:00Z');
  const seeded = await seedCast(t);
  // The interval began four weeks ago, so past weeks count for goals reached.
  await t.db.execute(
    sql`update semesters set start_date = ${addDays(TODAY, -28)}::date
      where school_id = ${seeded.admin.school.id} and is_active`,
  );
  return seeded;
});

type Caller = (typeof cast)['student'];
const read = (user: Caller, url: string) =>
  t.app.inject({ url: `/api/v1${url}`, headers: as(user) });
const goalOf = async (user: Caller) => (await read(user, '/teams/me/goal')).json() as TeamGoal;
const putRanking = (user: Caller, payload: unknown, schoolId = cast.admin.school.id) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/schools/${schoolId}/team-ranking`,
    headers: as(user),
    payload: payload as object,
  });
const completeDay = (userId: number, date: string) =>
  seedDay(t, { userId, schoolId: cast.admin.school.id, date, balanceCents: 300, streakPoints: 5 });

describe('GET /teams/me/goal', () => {
  it("fills with the team's complete days of this week, logged by anyone, up to 3 per member", async () => {
    // The student's team: the student and a family member.
    expect(await goalOf(cast.student)).toEqual({
      team_id: cast.student.team_id,
      week_start: '2026-11-23',
      week_end: '2026-11-29',
      members: 2,
      goal: 6,
      complete_days: 0,
      reached: false,
    });
    // A day of last week, and an incomplete day of this one, do not count.
    await completeDay(cast.student.id, '2026-11-22');
    await seedDay(t, { userId: cast.student.id, schoolId: cast.admin.school.id, date: TODAY });
    expect((await goalOf(cast.student)).complete_days).toBe(0);

    await activityCalls(t, cast.community.token).logFullDay();
    expect(await goalOf(cast.student)).toMatchObject({ complete_days: 1, reached: false });
    // The family member reads the same meter.
    expect(await goalOf(cast.community)).toEqual(await goalOf(cast.student));

    for (const date of ['2026-11-23', '2026-11-24']) await completeDay(cast.student.id, date);
    for (const date of ['2026-11-23', '2026-11-24']) await completeDay(cast.community.id, date);
    expect(await goalOf(cast.student)).toMatchObject({ complete_days: 5, reached: false });
    await activityCalls(t, cast.student.token).logFullDay();
    // Today's summary was incomplete; the full day completes it.
    expect(await goalOf(cast.student)).toMatchObject({ complete_days: 6, goal: 6, reached: true });
  });

  it("shows each caller their own team's, and nothing without a token", async () => {
    const admin = await goalOf(cast.admin);
    expect(admin).toMatchObject({ team_id: cast.admin.team_id, members: 1, goal: 3 });
    const other = await goalOf(cast.otherAdmin);
    expect(other.team_id).toBe(cast.otherAdmin.team_id);
    expect(other.complete_days).toBe(0);
    expect((await t.app.inject({ url: '/api/v1/teams/me/goal' })).statusCode).toBe(401);
  });
});

describe('the kind ranking (GET and PUT /schools/{id}/team-ranking)', () => {
  const school = () => `/schools/${cast.admin.school.id}/team-ranking`;

  it("is SPEC.md's points for a new school; only its admins read and change it", async () => {
    expect((await read(cast.admin, school())).json()).toEqual({ ranking: 'points' });
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) statuses[role] = (await read(cast[role], school())).statusCode;
    expect(statuses).toEqual({
      admin: 200,
      staff: 403,
      student: 403,
      community: 403,
      otherAdmin: 404,
    });
    expect((await putRanking(cast.staff, { ranking: 'points' })).statusCode).toBe(403);
    expect((await putRanking(cast.student, { ranking: 'points' })).statusCode).toBe(403);
    expect((await putRanking(cast.otherAdmin, { ranking: 'goals' })).statusCode).toBe(404);
    expect((await read(cast.admin, school())).json()).toEqual({ ranking: 'points' });
  });

  it('refuses anything but goals or points, writing nothing', async () => {
    for (const payload of [{ ranking: 'stress' }, { ranking: null }, {}, { ranking: ['goals'] }]) {
      const response = await putRanking(cast.admin, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: TEAM_RANKING_MESSAGES.invalid });
    }
    expect((await read(cast.admin, school())).json()).toEqual({ ranking: 'points' });
  });

  it('logs a change, and nothing for a save that changes nothing', async () => {
    const entries = async () =>
      (
        await t.db
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.schoolId, cast.admin.school.id),
              sql`${auditLog.action} like 'team_ranking.%'`,
            ),
          )
      ).map((row) => row.action);
    expect((await putRanking(cast.admin, { ranking: 'points' })).json()).toEqual({
      ranking: 'points',
    });
    expect(await entries()).toEqual([]);
    expect((await putRanking(cast.admin, { ranking: 'goals' })).statusCode).toBe(200);
    expect((await putRanking(cast.admin, { ranking: 'points' })).statusCode).toBe(200);
    expect(await entries()).toEqual(['team_ranking.goals', 'team_ranking.points']);
  });
});

describe('what students and staff see on the leaderboard', () => {
  async function setRanking(ranking: 'goals' | 'points') {
    await t.db
      .update(schools)
      .set({ teamRanking: ranking })
      .where(eq(schools.id, cast.admin.school.id));
  }

  it('students and family members see teams by goals reached, no points; staff see points', async () => {
    await setRanking('goals');
    // A third team of two: it reached its goal in two past weeks (6 complete days each).
    const captain = await joinSchool(t.app, cast.admin.school.id);
    const mate = await joinTeam(t, captain.team_id);
    for (const monday of [addDays(TODAY, -16), addDays(TODAY, -9)]) {
      for (const offset of [0, 1, 2]) {
        await completeDay(captain.id, addDays(monday, offset));
        await completeDay(mate.id, addDays(monday, offset));
      }
    }
    // The staff member's team of one: 3 complete days in a past week, a goal reached too.
    for (const offset of [0, 1, 2]) await completeDay(cast.staff.id, addDays(TODAY, -9 + offset));

    const me = (await read(cast.student, '/teams/me')).json() as MyTeam;
    // The student's team reached this week's goal (the test above): one goal.
    expect(me).toMatchObject({ ranked_by: 'goals', points: null, goals_reached: 1, rank: 2 });
    const ranking = (
      await read(cast.community, `/schools/${cast.admin.school.id}/teams/ranking`)
    ).json() as TeamRanking;
    expect(ranking.ranked_by).toBe('goals');
    expect(ranking.teams[0]).toMatchObject({ id: captain.team_id, goals_reached: 2, rank: 1 });
    expect(ranking.teams.every((team) => team.points === null)).toBe(true);
    expect(ranking.own_team).toMatchObject({ id: cast.student.team_id, goals_reached: 1, rank: 2 });
    const members = (
      await read(cast.student, `/teams/${cast.student.team_id}/users`)
    ).json() as TeamUserEntry[];
    expect(members.map((entry) => entry.user.points)).toEqual([null, null]);

    // Staff and the coordinator: points, as SPEC.md shows.
    const staffMe = (await read(cast.staff, '/teams/me')).json() as MyTeam;
    expect(staffMe).toMatchObject({ ranked_by: 'points', goals_reached: null });
    expect(typeof staffMe.points).toBe('number');
    const adminRanking = (
      await read(cast.admin, `/schools/${cast.admin.school.id}/teams/ranking`)
    ).json() as TeamRanking;
    expect(adminRanking.ranked_by).toBe('points');
    expect(adminRanking.teams.every((team) => typeof team.points === 'number')).toBe(true);
    const staffView = (
      await read(cast.staff, `/teams/${cast.student.team_id}/users`)
    ).json() as TeamUserEntry[];
    expect(staffView.every((entry) => typeof entry.user.points === 'number')).toBe(true);

    // Set to points, the students see points again.
    await setRanking('points');
    const again = (await read(cast.student, '/teams/me')).json() as MyTeam;
    expect(again).toMatchObject({ ranked_by: 'points', goals_reached: null });
    expect(typeof again.points).toBe('number');
    const list = (
      await read(cast.student, `/teams/${cast.student.team_id}/users`)
    ).json() as TeamUserEntry[];
    expect(list.every((entry) => typeof entry.user.points === 'number')).toBe(true);
  });
});
