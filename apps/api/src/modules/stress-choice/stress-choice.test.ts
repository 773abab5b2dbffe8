import {
  ACTIVITY_TYPES,
  addDays,
  type KeptStreakDay,
  localDate,
  type ScoredActivity,
  type SessionRecord,
  STRESS_CHOICE_MESSAGES,
  STRESS_NOTICE_VERSION,
  summarizeDay,
  summaryPoints,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  auditLog,
  consents,
  schools,
  semesters,
  teamMembers,
  teams,
} from '../../db/schema.ts';
import { activityCalls, daySummaryRows, userRowOf } from '../../test/activity-calls.ts';
import { joinSchool } from '../../test/fixtures.ts';
import { FULL_DAY } from '../../test/full-day.ts';
import { as, type SchoolCast, seedCast } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { closeFinishedDays } from '../points/closed-points.ts';
import { recomputeSchoolPoints } from '../points/points.service.ts';

/*
 * Issue 36 §3 (decision 0073): the school's switch, a student's opt-out (ratings deleted, days
 * and points rewritten: stored points equal a recomputation), writes refused while off, and every
 * choice in the consent record and the activity log.
 */

const t = useTestApp();
let cast: SchoolCast;
let today = '';
beforeAll(async () => {
  // A Wednesday, 13:00 at the school (America/Denver): no midnight falls inside the test.
  t.clock.set('2026-11-25T20:00:00Z');
  cast = await seedCast(t);
  today = localDate(t.clock.now(), 'America/Denver');
});

const schoolPath = (path: string) => `/api/v1/schools/${cast.admin.school.id}${path}`;

function setSwitch(
  enabled: boolean,
  by: SessionRecord = cast.admin,
  version = STRESS_NOTICE_VERSION,
) {
  return t.app.inject({
    method: 'PUT',
    url: schoolPath('/stress-check-in'),
    headers: as(by),
    payload: { enabled, notice_version: version },
  });
}

function setOptOut(studentId: number, optedOut: boolean, version = STRESS_NOTICE_VERSION) {
  return t.app.inject({
    method: 'PUT',
    url: schoolPath(`/students/${studentId}/stress-opt-out`),
    headers: as(cast.admin),
    payload: { opted_out: optedOut, notice_version: version },
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;
const RATED = { people: 3, money: 2, personal: 4, clock: 1, health: 5 };

type DayRow = Awaited<ReturnType<typeof daySummaryRows>>[number];

/**
 * No stress rating is left; every closed day is as it was before the opt-out (`closedBefore`),
 * every open day equals the domain's summary of its stored activities with stress off, and the
 * points are their sum.
 */
async function expectDaysAndPointsRecomputed(userId: number, closedBefore: DayRow[] = []) {
  const rows = await t.db.select().from(activities).where(eq(activities.userId, userId));
  expect(rows.filter((row) => row.activityType === 'stress')).toEqual([]);
  const byDate = new Map<string, ScoredActivity[]>();
  for (const row of rows) {
    const day = byDate.get(row.localDate) ?? [];
    day.push({
      activity_type: row.activityType,
      total_cents: row.totalCents,
      values: row.properties,
    });
    byDate.set(row.localDate, day);
  }
  const closed = new Map(closedBefore.map((day) => [day.localDate, day]));
  const summaries = await daySummaryRows(t, userId);
  expect(summaries.map((s) => s.localDate).sort()).toEqual(
    [...new Set([...byDate.keys(), ...closed.keys()])].sort(),
  );
  const [interval] = await t.db
    .select()
    .from(semesters)
    .where(and(eq(semesters.schoolId, cast.admin.school.id), eq(semesters.isActive, true)));
  // The test's school marks no holidays: only weekends are days off.
  let lastKept: KeptStreakDay | undefined;
  let points = 0;
  for (const stored of summaries) {
    const calendar = { date: stored.localDate, lastKept, holidays: new Set<string>() };
    const fresh =
      closed.get(stored.localDate) ??
      summarizeDay(byDate.get(stored.localDate) ?? [], calendar, false);
    expect(stored).toMatchObject(fresh);
    if (
      interval &&
      stored.localDate >= interval.startDate &&
      stored.localDate <= interval.endDate
    ) {
      points += summaryPoints(fresh);
    }
    lastKept = { ...fresh, date: stored.localDate };
  }
  const user = await userRowOf(t, userId);
  expect(user.points).toBe(points);
  const [team] = await t.db
    .select({ points: teams.points, closedPoints: teams.closedPoints })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId));
  return { user, team };
}

describe("a student's opt-out", () => {
  it('deletes their ratings and rewrites their days and points as a recomputation would', async () => {
    // Three days ago and the day before yesterday: complete with stress; yesterday: the 7 others
    // and no stress (incomplete with it, complete without); today: stress only.
    await t.db
      .update(semesters)
      .set({ startDate: addDays(today, -10) })
      .where(eq(semesters.schoolId, cast.admin.school.id));
    t.clock.advance(-3 * DAY_MS);
    const student = await joinSchool(t.app, cast.admin.school.id);
    const calls = activityCalls(t, student.token);
    await calls.logFullDay();
    await calls.putOk('stress', RATED); // a stressful day: its stress costs
    t.clock.advance(DAY_MS);
    await calls.logFullDay();
    t.clock.advance(DAY_MS);
    for (const type of ACTIVITY_TYPES.filter((type) => type !== 'stress')) {
      await calls.putOk(type, FULL_DAY[type]);
    }
    t.clock.advance(DAY_MS);
    await calls.putOk('stress', RATED);
    await t.db.transaction((tx) => recomputeSchoolPoints(tx, cast.admin.school.id));
    await closeFinishedDays(t.db, t.clock.now());
    const before = await userRowOf(t, student.id);
    const [school] = await t.db
      .select({ closedThrough: schools.pointsClosedThrough })
      .from(schools)
      .where(eq(schools.id, cast.admin.school.id));
    const closedThrough = school?.closedThrough ?? '';
    const closedDays = (await daySummaryRows(t, student.id)).filter(
      (day) => day.localDate <= closedThrough,
    );
    expect(closedDays.map((day) => day.localDate)).toEqual([
      addDays(today, -3),
      addDays(today, -2),
    ]);

    const response = await setOptOut(student.id, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user_id: student.id, opted_out: true });
    const { user, team } = await expectDaysAndPointsRecomputed(student.id, closedDays);
    // What others read (closed days) does not move, so nobody learns the stress by subtraction.
    expect(user.closedPoints).toBe(before.closedPoints);
    // Yesterday is complete now (7 categories): a streak on from the closed days, and today's
    // stress-only day is gone. Three days ago is a Sunday: a day off (decision 0082).
    const days = await daySummaryRows(t, student.id);
    expect(days.map((d) => [d.localDate, d.isComplete, d.streakLength])).toEqual([
      [addDays(today, -3), true, 0],
      [addDays(today, -2), true, 1],
      [addDays(today, -1), true, 2],
    ]);
    expect(user.points).toBeGreaterThan(before.points);
    expect(team).toEqual({ points: user.points, closedPoints: user.closedPoints });
    expect((await userRecord(student)).stress_check_in).toBe(false);

    const refused = await calls.put('stress', RATED);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: STRESS_CHOICE_MESSAGES.checkInOff });
  });

  it('keeps stored points equal to a recomputation of the whole school', async () => {
    const student = await joinSchool(t.app, cast.admin.school.id);
    const calls = activityCalls(t, student.token);
    await calls.logFullDay();
    await calls.putOk('stress', RATED);
    await setOptOut(student.id, true);
    const stored = await t.db
      .select({ id: teams.id, points: teams.points, closed: teams.closedPoints })
      .from(teams)
      .orderBy(teams.id);
    const storedUser = await userRowOf(t, student.id);
    await t.db.transaction((tx) => recomputeSchoolPoints(tx, cast.admin.school.id));
    const recomputed = await t.db
      .select({ id: teams.id, points: teams.points, closed: teams.closedPoints })
      .from(teams)
      .orderBy(teams.id);
    expect(recomputed).toEqual(stored);
    const user = await userRowOf(t, student.id);
    expect([user.points, user.closedPoints]).toEqual([storedUser.points, storedUser.closedPoints]);
  });

  it('records the opt-out and the opt-in with the student, once each', async () => {
    const student = await joinSchool(t.app, cast.admin.school.id);
    await setOptOut(student.id, true);
    await setOptOut(student.id, true);
    await setOptOut(student.id, false);
    const rows = await t.db.select().from(consents).where(eq(consents.studentId, student.id));
    expect(rows.map((row) => [row.kind, row.userId, row.textVersion])).toEqual([
      ['stress_opt_out', cast.admin.id, STRESS_NOTICE_VERSION],
      ['stress_opt_in', cast.admin.id, STRESS_NOTICE_VERSION],
    ]);
    const page = await t.app.inject({ url: schoolPath('/consents'), headers: as(cast.admin) });
    expect(page.json()[0]).toMatchObject({
      kind: 'stress_opt_in',
      student_id: student.id,
      student_name: `${student.first_name} ${student.last_name}`,
    });
    const log = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'user'), eq(auditLog.targetId, student.id)));
    expect(log.map((entry) => entry.action)).toEqual(['stress.opt_out', 'stress.opt_in']);
    // Back in: stress is asked again.
    expect((await userRecord(student)).stress_check_in).toBe(true);
    await activityCalls(t, student.token).putOk('stress', RATED);
  });

  it('refuses staff (422), another school (404), the wrong role (403), an old notice (409)', async () => {
    expect((await setOptOut(cast.staff.id, true)).statusCode).toBe(422);
    expect((await setOptOut(cast.otherAdmin.id, true)).statusCode).toBe(404);
    expect((await setOptOut(cast.student.id, true, 'old')).statusCode).toBe(409);
    const byStaff = await t.app.inject({
      method: 'PUT',
      url: schoolPath(`/students/${cast.student.id}/stress-opt-out`),
      headers: as(cast.staff),
      payload: { opted_out: true, notice_version: STRESS_NOTICE_VERSION },
    });
    expect(byStaff.statusCode).toBe(403);
    expect((await userRecord(cast.student)).stress_check_in).toBe(true);
  });
});

async function userRecord(user: SessionRecord) {
  const response = await t.app.inject({ url: `/api/v1/users/${user.id}`, headers: as(user) });
  return response.json();
}
