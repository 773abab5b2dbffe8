import {
  addDays,
  dayPoints,
  dollarsToCents,
  energyCents,
  FAMILY_MESSAGES,
  GUARDIAN_VIEW_MESSAGES,
  isSchoolDay,
  localDate,
  type SessionRecord,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guardianLinks } from '../../db/schema.ts';
import { activityCalls, daySummaryRows } from '../../test/activity-calls.ts';
import { familyCodeOf, signUpGuardian } from '../../test/family-fixture.ts';
import { joinSchool } from '../../test/fixtures.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));

const get = (caller: SessionRecord, url: string) =>
  t.app.inject({ url: `/api/v1${url}`, headers: as(caller) });

/** A child of the cast's school who logged yesterday and today, stress too, and a guardian. */
async function childWithGuardian() {
  const child = await joinSchool(t.app, cast.admin.school.id);
  const guardian = await signUpGuardian(t, await familyCodeOf(t, cast.staff, child.id));
  const today = localDate(t.clock.now(), 'America/Denver');
  const calls = activityCalls(t, child.token);
  await calls.logFullDay(addDays(today, -1));
  await calls.putOk('sleep', { minutes: 540 });
  await calls.putOk('water', { cups: 4, fruit: 1, vegetables: 1 });
  await calls.putOk('stress', { people: 5, money: 4, personal: 5, clock: 3, health: 4 });
  return { child, guardian, calls };
}

/** No stress key, rating or amount anywhere in an answer. */
function expectNoStress(body: string) {
  expect(body).not.toMatch(/stress/i);
  expect(body).not.toMatch(/"people"|"money"|"personal"|"clock"|"health"/);
}

describe("a guardian's read-only view of their child (decision 0079)", () => {
  it('shows the day before stress: categories, amounts, balance, never stress', async () => {
    const { child, guardian } = await childWithGuardian();
    const answer = await get(guardian, `/family/children/${child.id}/days`);
    expect(answer.statusCode, answer.body).toBe(200);
    expectNoStress(answer.body);
    const day = answer.json();
    expect(day.activities.map((a: { activity_type: string }) => a.activity_type).sort()).toEqual([
      'sleep',
      'water',
    ]);
    const own = (await get(child, '/activities')).json();
    const energy = energyCents(
      own.map((a: { activity_type: 'sleep'; total: number }) => ({
        activity_type: a.activity_type,
        total_cents: dollarsToCents(a.total),
      })),
    );
    expect(dollarsToCents(day.energy)).toBe(energy);
    expect(day.is_complete).toBe(false);

    const yesterday = addDays(day.date, -1);
    const past = await get(guardian, `/family/children/${child.id}/days?date=${yesterday}`);
    expect(past.statusCode, past.body).toBe(200);
    expectNoStress(past.body);
    // The suite runs on the real date: a complete Saturday or Sunday is a day off (decision 0082).
    const streak = isSchoolDay(yesterday, new Set()) ? 1 : 0;
    expect(past.json()).toMatchObject({
      date: yesterday,
      is_complete: true,
      streak_length: streak,
    });
    expect(past.json().activities).toHaveLength(7);
  });

  it('shows progress, streak, team, badges, all before stress', async () => {
    const { child, guardian } = await childWithGuardian();
    const answer = await get(guardian, `/family/children/${child.id}/overview`);
    expect(answer.statusCode, answer.body).toBe(200);
    expectNoStress(answer.body);
    const overview = answer.json();
    expect(overview.child).toMatchObject({ id: child.id, school: { id: cast.admin.school.id } });
    // Yesterday's, today not being complete; a weekend day earns none (decision 0082).
    const yesterday = addDays(overview.today, -1);
    expect(overview.streak_length).toBe(isSchoolDay(yesterday, new Set()) ? 1 : 0);
    expect(overview.team).toMatchObject({ rank: expect.any(Number) });
    expect(overview.team).not.toHaveProperty('points');
    expect(overview.badges.map((b: { badge: string }) => b.badge)).toContain('first_complete_day');
    // The interval's points: each day's points of its energy, and the streak's.
    const rows = await daySummaryRows(t, child.id);
    const { start_date: start, end_date: end } = overview.progress.semester;
    const inInterval = rows.filter((row) => row.localDate >= start && row.localDate <= end);
    expect(inInterval.length).toBeGreaterThan(0);
    expect(overview.progress.semester_user_points).toBe(
      inInterval.reduce((sum, row) => sum + dayPoints(row.energyCents), 0),
    );
    expect(overview.progress.semester_streak_points).toBe(
      inInterval.reduce((sum, row) => sum + row.streakPoints, 0),
    );
    // Not the child's own figure, which includes stress.
    const own = (await get(child, '/snapshots/weekly')).json();
    expect(own.semester_user_points).not.toBe(overview.progress.semester_user_points);
    expect(overview.energy_by_day.map((b: { date: string }) => b.date)).toEqual(
      rows.map((row) => row.localDate),
    );
    for (const [i, row] of rows.entries()) {
      expect(dollarsToCents(overview.energy_by_day[i].balance)).toBe(row.energyCents);
    }
  });

  it("a change of stress changes nothing the guardian reads; the child's points move", async () => {
    const { child, guardian, calls } = await childWithGuardian();
    const reads = () =>
      Promise.all(
        [
          `/family/children/${child.id}/overview`,
          `/family/children/${child.id}/days`,
          `/family/children/${child.id}/days?date=${addDays(localDate(t.clock.now(), 'America/Denver'), -1)}`,
        ].map(async (url) => (await get(guardian, url)).body),
      );
    const before = await reads();
    const points = (await get(child, `/users/${child.id}`)).json().points;
    await calls.putOk('stress', { people: 1, money: 1, personal: 1, clock: 1, health: 1 });
    expect((await get(child, `/users/${child.id}`)).json().points).not.toBe(points);
    expect(await reads()).toEqual(before);
  });

  it('only a guardian may read (403); a child not linked to them is 404', async () => {
    const { child, guardian } = await childWithGuardian();
    for (const url of [
      `/family/children/${child.id}/overview`,
      `/family/children/${child.id}/days`,
    ]) {
      for (const caller of [cast.admin, cast.staff, child, cast.community, cast.otherAdmin]) {
        expect((await get(caller, url)).statusCode).toBe(403);
      }
    }
    // Another child of the school, another school's child, nobody.
    const other = await joinSchool(t.app, cast.admin.school.id);
    const elsewhere = await joinSchool(t.app, cast.otherAdmin.school.id);
    for (const id of [other.id, elsewhere.id, 999_999]) {
      for (const path of ['overview', 'days']) {
        const answer = await get(guardian, `/family/children/${id}/${path}`);
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ error: FAMILY_MESSAGES.notLinked });
      }
    }
  });

  it("another school's guardian of their own child reads only that child", async () => {
    const mine = await joinSchool(t.app, cast.otherAdmin.school.id);
    const code = await familyCodeOf(t, cast.otherAdmin, mine.id);
    const guardian = await signUpGuardian(t, code, '192.0.2.61');
    expect((await get(guardian, `/family/children/${mine.id}/overview`)).statusCode).toBe(200);
    expect((await get(guardian, `/family/children/${cast.student.id}/overview`)).statusCode).toBe(
      404,
    );
  });

  it('a removed link ends access at once', async () => {
    const { child, guardian } = await childWithGuardian();
    expect((await get(guardian, `/family/children/${child.id}/overview`)).statusCode).toBe(200);
    await t.db
      .delete(guardianLinks)
      .where(
        and(
          eq(guardianLinks.guardianUserId, guardian.id),
          eq(guardianLinks.studentUserId, child.id),
        ),
      );
    expect((await get(guardian, `/family/children/${child.id}/overview`)).statusCode).toBe(404);
    expect((await get(guardian, `/family/children/${child.id}/days`)).statusCode).toBe(404);
  });

  it('a removal by the guardian, then by a coordinator, ends access at once', async () => {
    const { child, guardian } = await childWithGuardian();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/family/children/${child.id}`,
      headers: as(guardian),
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(guardian, `/family/children/${child.id}/days`)).statusCode).toBe(404);

    const second = await childWithGuardian();
    const byCoordinator = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${second.child.id}/guardians/${second.guardian.id}`,
      headers: as(cast.admin),
    });
    expect(byCoordinator.statusCode).toBe(204);
    expect(
      (await get(second.guardian, `/family/children/${second.child.id}/overview`)).statusCode,
    ).toBe(404);
  });

  it('reads today and the 14 days before it; other dates are refused', async () => {
    const { child, guardian } = await childWithGuardian();
    const today = localDate(t.clock.now(), 'America/Denver');
    const at = (date: string) =>
      get(guardian, `/family/children/${child.id}/days?date=${encodeURIComponent(date)}`);
    expect((await at(addDays(today, -14))).statusCode).toBe(200);
    const old = await at(addDays(today, -15));
    expect(old.statusCode).toBe(422);
    expect(old.json()).toEqual({ error: GUARDIAN_VIEW_MESSAGES.outsideWindow });
    expect((await at(addDays(today, 1))).statusCode).toBe(422);
    expect((await at('2026-02-30')).statusCode).toBe(422);
  });
});
