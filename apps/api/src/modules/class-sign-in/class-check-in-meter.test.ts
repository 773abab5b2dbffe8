import { CLASS_SIGN_IN_MESSAGES, type MyClassChallenges } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { activityCalls } from '../../test/activity-calls.ts';
import { type EmailSession, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { as, setRoles } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/*
 * GET /class-codes/{code}/class-challenges (decision 0085): a class check-in's screen reads its
 * homeroom's meter by the class code, between children, with no session.
 */

const t = useTestApp();
let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

/** Monday 2 November 2026, noon in Denver (the test schools' zone). */
const NOON = '2026-11-02T19:00:00Z';

async function classroom() {
  t.clock.set(NOON);
  const admin = await signUpSchool(t.app);
  const schoolId = admin.school.id;
  const staff = await joinSchool(t.app, schoolId);
  await setRoles(t, staff.id, ['staff']);
  const inRoom = async (homeroom: string) => {
    const joined = await joinSchool(t.app, schoolId);
    await t.db.update(users).set({ homeroom }).where(eq(users.id, joined.id));
    return joined;
  };
  return {
    staff,
    ana: await inRoom('Room 4'),
    ben: await inRoom('Room 4'),
    cara: await inRoom('Room 4'),
    omar: await inRoom('Room 5'),
  };
}

async function post(caller: EmailSession, url: string, payload: object) {
  const response = await t.app.inject({ method: 'POST', url, headers: as(caller), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const openCode = async (staff: EmailSession, body: object): Promise<string> =>
  (await post(staff, `/api/v1/schools/${staff.school.id}/class-codes`, body)).code;

const meter = (code: string, remoteAddress = newAddress()) =>
  t.app.inject({ url: `/api/v1/class-codes/${code}/class-challenges`, remoteAddress });

describe('a class check-in’s meter by the class code', () => {
  it('answers the homeroom’s running challenge: the goal and the total, nobody’s share', async () => {
    const { staff, ana, ben, omar } = await classroom();
    const code = await openCode(staff, { homeroom: 'Room 4' });
    expect((await meter(code)).json()).toEqual({ challenges: [] });

    await post(staff, `/api/v1/schools/${staff.school.id}/class-challenges`, {
      kind: 'water_cups',
      scope: 'homeroom',
      class_name: 'Room 4',
      target: 20,
    });
    await activityCalls(t, ana.token).putOk('water', { cups: 3 });
    await activityCalls(t, ben.token).putOk('water', { cups: 2 });
    // Another homeroom's cups are not the class's.
    await activityCalls(t, omar.token).putOk('water', { cups: 7 });

    const response = await meter(code);
    expect(response.statusCode, response.body).toBe(200);
    const body: MyClassChallenges = response.json();
    expect(body.challenges).toHaveLength(1);
    expect(body.challenges[0]).toMatchObject({
      kind: 'water_cups',
      scope: 'homeroom',
      class_name: 'Room 4',
      target: 20,
      total: 5,
    });
    // No names, no ids of children, nobody's share.
    expect(response.body).not.toMatch(/first_name|user_id|"Ana|"Ben/);
  });

  it('answers none for a code of students staff picked (no homeroom)', async () => {
    const { staff, ana, ben, cara } = await classroom();
    await post(staff, `/api/v1/schools/${staff.school.id}/class-challenges`, {
      kind: 'water_cups',
      scope: 'homeroom',
      class_name: 'Room 4',
      target: 20,
    });
    const code = await openCode(staff, { user_ids: [ana.id, ben.id, cara.id] });
    expect((await meter(code)).json()).toEqual({ challenges: [] });
  });

  it('is 404 for a code never opened, malformed or closed', async () => {
    const { staff } = await classroom();
    for (const bad of ['ABCDEFGH', 'nope', '23456789']) {
      const response = await meter(bad);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: CLASS_SIGN_IN_MESSAGES.codeNotOpen });
    }
    const code = await openCode(staff, { homeroom: 'Room 4' });
    const closed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/class-codes/${code}`,
      headers: as(staff),
    });
    expect(closed.statusCode).toBe(204);
    expect((await meter(code)).statusCode).toBe(404);
  });

  it('spends the public-lookup budget per client address, shared with the class lookup', async () => {
    const remoteAddress = newAddress();
    for (let i = 0; i < 29; i++)
      expect((await meter('ABCDEFGH', remoteAddress)).statusCode).toBe(404);
    const lookup = await t.app.inject({ url: '/api/v1/class-codes/ABCDEFGH', remoteAddress });
    expect(lookup.statusCode).toBe(404);
    expect((await meter('ABCDEFGH', remoteAddress)).statusCode).toBe(429);
  });
});
