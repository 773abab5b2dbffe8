import { COORDINATOR_MESSAGES, MESSAGES, type SessionRecord } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, userRoles } from '../../db/schema.ts';
import { joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { as, CAST_ROLES, seedCast, setRoles } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));
const schoolId = () => cast.admin.school.id;
const url = (userId: number) => `/api/v1/schools/${schoolId()}/coordinators/${userId}`;

type Method = 'PUT' | 'DELETE';
const call = (method: Method, userId: number, by: SessionRecord) =>
  t.app.inject({ method, url: url(userId), headers: as(by) });

/** A new staff member of the school, signed in. */
async function newStaff() {
  const person = await joinSchool(t.app, schoolId());
  await setRoles(t, person.id, ['staff']);
  return person;
}

async function rolesOf(userId: number) {
  const rows = await t.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role).sort();
}

async function auditActions(targetId: number) {
  const rows = await t.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.targetKind, 'user')));
  return rows.map((r) => r.action);
}

describe('PUT and DELETE /schools/{id}/coordinators/{userId}', () => {
  it('admins of the school only; another school is not found', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const target = await newStaff();
      const result: Record<string, number> = {};
      for (const role of CAST_ROLES)
        result[role] = (await call(method, target.id, cast[role])).statusCode;
      expect(result).toEqual({
        admin: 200,
        staff: 403,
        student: 403,
        community: 403,
        otherAdmin: 404,
      });
    }
  });

  it('makes a staff member a coordinator and back, logged, effective on their next request', async () => {
    const person = await newStaff();
    const users = `/api/v1/schools/${schoolId()}/users`;
    const before = await t.app.inject({ url: users, headers: as(person) });
    expect(before.statusCode).toBe(403);

    const made = await call('PUT', person.id, cast.admin);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: person.id, is_coordinator: true });
    expect(await rolesOf(person.id)).toEqual(['admin', 'staff']);
    // Their session is the same; its roles are read on each request.
    const me = await t.app.inject({ url: `/api/v1/users/${person.id}`, headers: as(person) });
    expect(
      me.json().user_school_roles.map((r: { role: { name: string } }) => r.role.name),
    ).toContain('admin');
    const list = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/users`,
      headers: as(person),
    });
    expect(list.statusCode).toBe(200);

    const again = await call('PUT', person.id, cast.admin);
    expect(again.statusCode).toBe(200);

    const removed = await call('DELETE', person.id, cast.admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: person.id, is_coordinator: false });
    expect(await rolesOf(person.id)).toEqual(['staff']);
    const after = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/users`,
      headers: as(person),
    });
    expect(after.statusCode).toBe(403);
    // The repeated PUT changed nothing and is not logged.
    expect(await auditActions(person.id)).toEqual(['coordinator.add', 'coordinator.remove']);
  });

  it('refuses students and family members (422) and people of other schools (404)', async () => {
    for (const person of [cast.student, cast.community]) {
      const response = await call('PUT', person.id, cast.admin);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: COORDINATOR_MESSAGES.notStaff });
    }
    expect(await rolesOf(cast.student.id)).toEqual(['student']);
    for (const userId of [cast.otherAdmin.id, 424242]) {
      const response = await call('PUT', userId, cast.admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MESSAGES.notFound });
    }
  });

  it('keeps the last coordinator: they cannot remove themselves (409), another can leave', async () => {
    const school = await signUpSchool(t.app);
    const own = (userId: number) => `/api/v1/schools/${school.school.id}/coordinators/${userId}`;
    const last = await t.app.inject({ method: 'DELETE', url: own(school.id), headers: as(school) });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: COORDINATOR_MESSAGES.lastCoordinator });
    expect(await rolesOf(school.id)).toEqual(['admin', 'staff']);

    const second = await joinSchool(t.app, school.school.id);
    await setRoles(t, second.id, ['staff']);
    const made = await t.app.inject({ method: 'PUT', url: own(second.id), headers: as(school) });
    expect(made.statusCode).toBe(200);
    const self = await t.app.inject({ method: 'DELETE', url: own(school.id), headers: as(school) });
    expect(self.statusCode).toBe(200);
    expect(await rolesOf(school.id)).toEqual(['staff']);
  });

  it('two coordinators removing each other at once: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const first = await signUpSchool(t.app);
      const id = first.school.id;
      const second = await joinSchool(t.app, id);
      await setRoles(t, second.id, ['admin', 'staff']);
      const own = (userId: number) => `/api/v1/schools/${id}/coordinators/${userId}`;
      const [a, b] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: own(second.id), headers: as(first) }),
        t.app.inject({ method: 'DELETE', url: own(first.id), headers: as(second) }),
      ]);
      // The loser is refused as the last coordinator (409), or, when the winner's change was in
      // before its request was read, as no coordinator any more (403).
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = [...(await rolesOf(first.id)), ...(await rolesOf(second.id))];
      expect(admins.filter((role) => role === 'admin')).toHaveLength(1);
    }
  });
});
