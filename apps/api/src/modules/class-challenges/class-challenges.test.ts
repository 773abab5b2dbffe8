import {
  CLASS_CHALLENGE_MESSAGES,
  type ClassChallenge,
  type MyClassChallenges,
  type StaffClassChallenges,
} from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classChallenges, users } from '../../db/schema.ts';
import { activityCalls } from '../../test/activity-calls.ts';
import { type EmailSession, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { as, setRoles } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();

/** Monday 2 November 2026, noon in Denver (the test schools' zone). */
const MONDAY = '2026-11-02';
const noonOf = (date: string) => `${date}T19:00:00Z`;
const WATER = { kind: 'water_cups', scope: 'homeroom', class_name: 'Room 4', target: 100 };

async function classroom() {
  t.clock.set(noonOf(MONDAY));
  const admin = await signUpSchool(t.app);
  const schoolId = admin.school.id;
  const staff = await joinSchool(t.app, schoolId);
  await setRoles(t, staff.id, ['staff']);
  const inClass = async (homeroom: string | null, grade: string | null) => {
    const joined = await joinSchool(t.app, schoolId);
    await t.db.update(users).set({ homeroom, grade }).where(eq(users.id, joined.id));
    return joined;
  };
  return {
    admin,
    staff,
    ana: await inClass('Room 4', '3'),
    ben: await inClass('Room 4', '3'),
    cara: await inClass('Room 4', '4'),
    omar: await inClass('Room 5', '3'),
    other: await signUpSchool(t.app),
  };
}

const start = (caller: EmailSession, body: object, schoolId = caller.school.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${schoolId}/class-challenges`,
    headers: as(caller),
    payload: body,
  });
const staffList = async (caller: EmailSession) => {
  const response = await t.app.inject({
    url: `/api/v1/schools/${caller.school.id}/class-challenges`,
    headers: as(caller),
  });
  return { status: response.statusCode, body: response.json() as StaffClassChallenges };
};
const mine = async (caller: EmailSession, of = caller) => {
  const response = await t.app.inject({
    url: `/api/v1/users/${of.id}/class-challenges`,
    headers: as(caller),
  });
  return { status: response.statusCode, body: response.json() as MyClassChallenges };
};
const challengesOf = (admin: EmailSession) =>
  t.db.select().from(classChallenges).where(eq(classChallenges.schoolId, admin.school.id));
const end = (caller: EmailSession, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/v1/class-challenges/${id}/end`, headers: as(caller) });

describe('class challenges', () => {
  it('staff start one for a homeroom; its class sees one shared total that grows', async () => {
    const c = await classroom();
    const started = await start(c.staff, WATER);
    expect(started.statusCode, started.body).toBe(201);
    const challenge = started.json() as ClassChallenge;
    expect(challenge).toMatchObject({
      ...WATER,
      total: 0,
      starts_on: MONDAY,
      ends_on: '2026-11-08',
    });
    await activityCalls(t, c.ana.token).putOk('water', { cups: 3, fruit: 1, vegetables: 0 });
    await activityCalls(t, c.ben.token).putOk('water', { cups: 2, fruit: 0, vegetables: 0 });
    // Another homeroom's cups and anyone's stress do not count.
    await activityCalls(t, c.omar.token).putOk('water', { cups: 8, fruit: 0, vegetables: 0 });
    await activityCalls(t, c.ana.token).putOk('stress', {
      people: 5,
      money: 5,
      personal: 5,
      clock: 5,
      health: 5,
    });
    const { status, body } = await mine(c.ana);
    expect(status).toBe(200);
    expect(body.challenges).toEqual([{ ...challenge, total: 5 }]);
    // The class sees the total, never who gave what: the answer names nobody.
    expect(JSON.stringify(body)).not.toMatch(/user|first_name|stress/);
    expect((await mine(c.omar)).body.challenges).toEqual([]);
    expect((await staffList(c.staff)).body.challenges).toEqual([
      { ...challenge, total: 5, status: 'running' },
    ]);
  });

  it('a grade challenge counts nights of 9 hours over the whole grade', async () => {
    const c = await classroom();
    const started = await start(c.admin, {
      kind: 'sleep_nights',
      scope: 'grade',
      class_name: '3',
      target: 30,
    });
    expect(started.statusCode, started.body).toBe(201);
    await activityCalls(t, c.ana.token).putOk('sleep', { minutes: 540 });
    await activityCalls(t, c.omar.token).putOk('sleep', { minutes: 600 });
    await activityCalls(t, c.ben.token).putOk('sleep', { minutes: 480 });
    expect((await mine(c.ben)).body.challenges.map((ch) => ch.total)).toEqual([2]);
  });

  it('refuses bad input and writes nothing', async () => {
    const c = await classroom();
    for (const body of [
      { ...WATER, kind: 'calm_week' },
      { ...WATER, target: 0 },
      { ...WATER, target: 10_001 },
      { ...WATER, class_name: '' },
      { ...WATER, scope: 'team' },
      { ...WATER, extra: true },
    ]) {
      const response = await start(c.staff, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toHaveProperty('error');
    }
    // No class of that name, or a class of two: a child could subtract their share from the total.
    for (const body of [
      { ...WATER, class_name: 'Room 99' },
      { ...WATER, class_name: 'Room 5' },
    ]) {
      const empty = await start(c.staff, body);
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({ error: CLASS_CHALLENGE_MESSAGES.noStudents });
    }
    expect(await challengesOf(c.admin)).toHaveLength(0);
  });

  it('students may not start or end one; another school sees none of it', async () => {
    const c = await classroom();
    expect((await start(c.ana, WATER)).statusCode).toBe(403);
    const challenge = (await start(c.staff, WATER)).json() as ClassChallenge;
    expect((await end(c.ana, challenge.id)).statusCode).toBe(403);
    expect((await start(c.other, WATER, c.admin.school.id)).statusCode).toBe(404);
    expect((await end(c.other, challenge.id)).statusCode).toBe(404);
    expect((await staffList(c.ana)).status).toBe(403);
    expect((await mine(c.staff, c.ana)).status).toBe(404);
    expect((await mine(c.ana)).body.challenges).toHaveLength(1);
  });

  it('one running per class: a second is 409 until it is ended or its week is over', async () => {
    const c = await classroom();
    const first = (await start(c.staff, WATER)).json() as ClassChallenge;
    const again = await start(c.staff, { ...WATER, kind: 'active_days' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: CLASS_CHALLENGE_MESSAGES.oneRunning });
    // Another class may have its own.
    const grade = { ...WATER, scope: 'grade', class_name: '3' };
    expect((await start(c.staff, grade)).statusCode).toBe(201);
    expect((await end(c.staff, first.id)).statusCode).toBe(204);
    // Ending it again changes nothing.
    expect((await end(c.staff, first.id)).statusCode).toBe(204);
    // Ana's homeroom's challenge is over; her grade's goes on.
    expect((await mine(c.ana)).body.challenges.map((ch) => ch.scope)).toEqual(['grade']);
    const second = (await start(c.staff, WATER)).json() as ClassChallenge;
    const list = (await staffList(c.staff)).body.challenges;
    expect(list.find((ch) => ch.id === first.id)?.status).toBe('ended_early');
    // A week on, the second is finished and a new one may start.
    t.clock.set(noonOf('2026-11-09'));
    expect((await mine(c.ana)).body.challenges).toEqual([]);
    expect((await start(c.staff, WATER)).statusCode).toBe(201);
    const later = (await staffList(c.staff)).body.challenges;
    expect(later.find((ch) => ch.id === second.id)?.status).toBe('finished');
  });

  it('parallel starts for one class: exactly one is made', async () => {
    const c = await classroom();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => start(i % 2 ? c.admin : c.staff, WATER)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await challengesOf(c.admin)).toHaveLength(1);
  });
});
