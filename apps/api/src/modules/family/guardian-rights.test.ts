import { GUARDIAN_RIGHTS_MESSAGES, type SessionRecord } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deletionRequests, talkRequests, users } from '../../db/schema.ts';
import { activityCalls } from '../../test/activity-calls.ts';
import { familyCodeOf, signUpGuardian } from '../../test/family-fixture.ts';
import { joinSchool } from '../../test/fixtures.ts';
import { as, type SchoolCast, seedCast } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/*
 * Issue 36 §2 (decision 0081): a guardian downloads their child's data without stress, and asks
 * the school to delete it; the coordinator carries it out or declines, both logged.
 */

const t = useTestApp();
let cast: SchoolCast;
beforeAll(async () => {
  cast = await seedCast(t);
});

const RATED = { people: 3, money: 2, personal: 4, clock: 1, health: 5 };
let guardianAddress = 10;

async function childWithGuardian() {
  const child = await joinSchool(t.app, cast.admin.school.id);
  const guardian = await signUpGuardian(
    t,
    await familyCodeOf(t, cast.staff, child.id),
    `192.0.2.${guardianAddress++}`,
  );
  return { child, guardian };
}

const secondGuardian = async (childId: number) =>
  signUpGuardian(t, await familyCodeOf(t, cast.staff, childId), `192.0.2.${guardianAddress++}`);

function call(caller: SessionRecord, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: as(caller),
    ...(payload ? { payload } : {}),
  });
}

const ask = (guardian: SessionRecord, childId: number) =>
  call(guardian, 'POST', `/family/children/${childId}/deletion-requests`);
const decide = (caller: SessionRecord, requestId: number, decision: 'delete' | 'decline') =>
  call(caller, 'POST', `/schools/${caller.school.id}/deletion-requests/${requestId}/decision`, {
    decision,
  });

async function logged(action: string, targetId: number) {
  return t.db
    .select({ actor: auditLog.actorUserId, schoolId: auditLog.schoolId })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

describe("a guardian's download of the child's data", () => {
  it("is the child's export without stress, balance or points, logged in the child's school", async () => {
    const { child, guardian } = await childWithGuardian();
    const calls = activityCalls(t, child.token);
    await calls.putOk('stress', RATED);
    await calls.putOk('sleep', { minutes: 540 });
    await t.db
      .insert(talkRequests)
      .values({ userId: child.id, schoolId: child.school.id, askedAt: new Date() });

    const own = await call(child, 'GET', `/users/${child.id}/export`);
    expect(own.statusCode).toBe(200);
    const mine = own.json();
    // The child's own export has the leftovers of issue 36: codes, guardians, talk requests.
    expect(mine.family_codes.live_since).toEqual(expect.any(String));
    expect(mine.family_codes.history).toEqual([{ event: 'made', at: expect.any(String) }]);
    expect(mine.guardians).toEqual([
      {
        first_name: guardian.first_name,
        last_name: guardian.last_name,
        linked_at: expect.any(String),
      },
    ]);
    expect(mine.talk_requests).toEqual([{ asked_at: expect.any(String), handled_at: null }]);
    expect(JSON.stringify(mine.days)).toContain('"stress"');
    expect(mine.account.points).toEqual(expect.any(Number));

    const response = await call(guardian, 'GET', `/family/children/${child.id}/export`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="wellbank-child-${child.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = response.json();
    expect(data).toMatchObject({ format: 'wellbank-user-export', for_guardian: true });
    expect(data.withheld).toEqual(['class_sign_in', 'talk_requests']);
    expect(data.account.id).toBe(child.id);
    expect(data.account).not.toHaveProperty('points');
    expect(data.guardians).toEqual(mine.guardians);
    const [day] = data.days;
    expect(day.activities.map((a: { activity_type: string }) => a.activity_type)).toEqual([
      'sleep',
    ]);
    expect(Object.keys(day).sort()).toEqual(
      [
        'activities',
        'energy',
        'food',
        'is_complete',
        'local_date',
        'rest_days',
        'streak_length',
        'streak_points',
      ].sort(),
    );
    const text = response.body;
    for (const word of ['stress', 'balance', 'day_points', '"points"', 'secret_pictures']) {
      expect(text).not.toContain(word);
    }
    expect(await logged('user.export', child.id)).toContainEqual({
      actor: guardian.id,
      schoolId: child.school.id,
    });
  });

  it('is 403 for anyone not a guardian and 404 for a child not linked to the guardian', async () => {
    const { child, guardian } = await childWithGuardian();
    const other = await joinSchool(t.app, cast.admin.school.id);
    for (const caller of [child, cast.staff, cast.admin]) {
      const refused = await call(caller, 'GET', `/family/children/${child.id}/export`);
      expect(refused.statusCode).toBe(403);
    }
    const notLinked = await call(guardian, 'GET', `/family/children/${other.id}/export`);
    expect(notLinked.statusCode).toBe(404);
  });
});

describe("a guardian's request to delete the child's data", () => {
  it('is one open request per child, seen by the coordinator, and declined with a log entry', async () => {
    const { child, guardian } = await childWithGuardian();
    const other = await secondGuardian(child.id);
    const made = await ask(guardian, child.id);
    expect(made.statusCode, made.body).toBe(201);
    const request = made.json();
    expect(request).toEqual({
      id: expect.any(Number),
      child: { id: child.id, first_name: child.first_name, last_name: child.last_name },
      status: 'open',
      requested_at: expect.any(String),
      decided_at: null,
    });
    const again = await ask(other, child.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: GUARDIAN_RIGHTS_MESSAGES.alreadyOpen });
    expect(await logged('deletion_request.create', child.id)).toEqual([
      { actor: guardian.id, schoolId: child.school.id },
    ]);

    const list = await call(
      cast.admin,
      'GET',
      `/schools/${cast.admin.school.id}/deletion-requests`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({
      id: request.id,
      child: { id: child.id, first_name: child.first_name, last_name: child.last_name },
      guardian: { first_name: guardian.first_name, last_name: guardian.last_name },
      requested_at: request.requested_at,
    });
    const staffList = await call(
      cast.staff,
      'GET',
      `/schools/${cast.admin.school.id}/deletion-requests`,
    );
    expect(staffList.statusCode).toBe(403);
    expect((await decide(cast.staff, request.id, 'decline')).statusCode).toBe(403);
    // Another school's coordinator: the request is none of theirs.
    expect((await decide(cast.otherAdmin, request.id, 'decline')).statusCode).toBe(404);

    expect((await decide(cast.admin, request.id, 'decline')).statusCode).toBe(204);
    const answered = await decide(cast.admin, request.id, 'delete');
    expect(answered.statusCode).toBe(409);
    expect(answered.json()).toEqual({ error: GUARDIAN_RIGHTS_MESSAGES.notOpen });
    expect(await logged('deletion_request.decline', child.id)).toEqual([
      { actor: cast.admin.id, schoolId: child.school.id },
    ]);
    const mine = await call(guardian, 'GET', '/family/deletion-requests');
    expect(mine.json()).toEqual([
      { ...request, status: 'declined', decided_at: expect.any(String) },
    ]);
    // The other guardian sees only their own requests: none.
    expect((await call(other, 'GET', '/family/deletion-requests')).json()).toEqual([]);
    // Declined, the family may ask again.
    expect((await ask(other, child.id)).statusCode).toBe(201);
  });

  it("carried out, deletes the child by today's deletion; the guardian sees it done, without the child", async () => {
    const { child, guardian } = await childWithGuardian();
    const request = (await ask(guardian, child.id)).json();
    expect((await decide(cast.admin, request.id, 'delete')).statusCode).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, child.id))).toEqual([]);
    expect(await logged('user.delete', child.id)).toEqual([
      { actor: cast.admin.id, schoolId: child.school.id },
    ]);
    expect((await call(guardian, 'GET', '/family/deletion-requests')).json()).toEqual([
      {
        id: request.id,
        child: null,
        status: 'done',
        requested_at: request.requested_at,
        decided_at: expect.any(String),
      },
    ]);
    expect((await call(guardian, 'GET', '/family/children')).json()).toEqual([]);
    // The child's session ended with the account.
    expect((await call(child, 'GET', `/users/${child.id}`)).statusCode).toBe(401);
  });

  it('is refused to anyone not a guardian (403) and for a child not linked (404)', async () => {
    const { child, guardian } = await childWithGuardian();
    const other = await joinSchool(t.app, cast.admin.school.id);
    for (const caller of [child, cast.staff, cast.admin]) {
      expect((await ask(caller, child.id)).statusCode).toBe(403);
    }
    expect((await ask(guardian, other.id)).statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(deletionRequests)
        .where(eq(deletionRequests.studentUserId, child.id)),
    ).toEqual([]);
  });

  it('makes one open request when two guardians ask at once', async () => {
    const { child, guardian } = await childWithGuardian();
    const other = await secondGuardian(child.id);
    const answers = await Promise.all([ask(guardian, child.id), ask(other, child.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.studentUserId, child.id));
    expect(rows).toHaveLength(1);
  });

  it('takes one decision when the coordinator deletes and declines at once', async () => {
    const { child, guardian } = await childWithGuardian();
    const request = (await ask(guardian, child.id)).json();
    const answers = await Promise.all([
      decide(cast.admin, request.id, 'delete'),
      decide(cast.admin, request.id, 'decline'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    const [row] = await t.db
      .select({ status: deletionRequests.status, studentId: deletionRequests.studentUserId })
      .from(deletionRequests)
      .where(eq(deletionRequests.id, request.id));
    const childLeft = await t.db.select().from(users).where(eq(users.id, child.id));
    expect(row?.status === 'done' ? childLeft : [row?.studentId]).toEqual(
      row?.status === 'done' ? [] : [child.id],
    );
  });
});
