import { MESSAGES, ROLE_SWITCH_MESSAGES } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schools, semesters, userRoles, users } from '../../db/schema.ts';
import { joinSchool } from '../../test/fixtures.ts';
import {
  as,
  CAST_ROLES,
  type CastRole,
  seedCast,
  seedDay,
  setPoints,
  setRoles,
} from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));

const schoolId = () => cast.admin.school.id;

async function statusOf(role: CastRole, method: 'GET' | 'PUT', url: string) {
  const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: as(cast[role]) });
  return response.statusCode;
}

async function matrix(method: 'GET' | 'PUT', url: () => string) {
  const result: Record<string, number> = {};
  for (const role of CAST_ROLES) result[role] = await statusOf(role, method, url());
  return result;
}

describe('permissions', () => {
  it('GET /schools/{id}/users and /staff: admins only, another school is not found', async () => {
    const expected = { admin: 200, staff: 403, student: 403, community: 403, otherAdmin: 404 };
    expect(await matrix('GET', () => `/schools/${schoolId()}/users`)).toEqual(expected);
    expect(await matrix('GET', () => `/schools/${schoolId()}/staff`)).toEqual(expected);
  });

  it('GET /schools/{id}/students: staff (the coordinator is staff too)', async () => {
    expect(await matrix('GET', () => `/schools/${schoolId()}/students`)).toEqual({
      admin: 200,
      staff: 200,
      student: 403,
      community: 403,
      otherAdmin: 404,
    });
  });

  it('GET /schools/me: every signed-in user reads their own school, nobody else', async () => {
    expect(await matrix('GET', () => '/schools/me')).toEqual({
      admin: 200,
      staff: 200,
      student: 200,
      community: 200,
      otherAdmin: 200,
    });
    const anonymous = await t.app.inject({ url: '/api/v1/schools/me' });
    expect(anonymous.statusCode).toBe(401);
    const other = await t.app.inject({ url: '/api/v1/schools/me', headers: as(cast.otherAdmin) });
    expect(other.json().id).toBe(cast.otherAdmin.school.id);
  });

  it('PUT …/roles/{role}: admins of the school only', async () => {
    const target = await joinSchool(t.app, schoolId());
    expect(
      await matrix('PUT', () => `/schools/${schoolId()}/users/${target.id}/roles/student`),
    ).toEqual({ admin: 200, staff: 403, student: 403, community: 403, otherAdmin: 404 });
  });

  it('answers 401 without a token and 404 for malformed ids', async () => {
    const anonymous = await t.app.inject({ url: `/api/v1/schools/${schoolId()}/users` });
    expect(anonymous.statusCode).toBe(401);
    expect(await statusOf('admin', 'GET', '/schools/abc/users')).toBe(404);
    expect(await statusOf('admin', 'GET', '/schools/99999999999/staff')).toBe(404);
  });
});

describe('GET /schools/me', () => {
  it('counts every member of every team of the school', async () => {
    const response = await t.app.inject({ url: '/api/v1/schools/me', headers: as(cast.staff) });
    // admin, staff and student captain a team each; the community member joined the student's.
    expect(response.json()).toEqual({
      id: schoolId(),
      name: 'Lincoln Elementary',
      time_zone: expect.any(String),
      num_team_users: expect.any(Number),
      code: expect.stringMatching(/^[A-Z0-9]{6}$/),
    });
    expect(response.json().num_team_users).toBeGreaterThanOrEqual(4);
  });

  it("answers the join code to the school's staff and admins only (decision 0061)", async () => {
    const codes: Record<string, unknown> = {};
    for (const role of CAST_ROLES) {
      const response = await t.app.inject({ url: '/api/v1/schools/me', headers: as(cast[role]) });
      codes[role] = response.json().code;
    }
    const [school] = await t.db.select().from(schools).where(eq(schools.id, schoolId()));
    const [other] = await t.db
      .select()
      .from(schools)
      .where(eq(schools.id, cast.otherAdmin.school.id));
    expect(codes).toEqual({
      admin: school?.code,
      staff: school?.code,
      student: null,
      community: null,
      otherAdmin: other?.code,
    });
    expect(other?.code).not.toBe(school?.code);
  });
});

describe('GET /schools/{id}/users', () => {
  it('lists staff and students with their team size and staff/student role, no community members', async () => {
    const response = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/users`,
      headers: as(cast.admin),
    });
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: number }[];
    const ids = list.map((u) => u.id);
    expect(ids).toContain(cast.admin.id);
    expect(ids).not.toContain(cast.community.id);
    expect(list.find((u) => u.id === cast.student.id)).toEqual({
      id: cast.student.id,
      first_name: 'Sam',
      last_name: 'student',
      email: cast.student.email,
      team_size: 2,
      user_school_roles: [{ role: { name: 'student' } }],
      school: { id: schoolId() },
      grade: null,
      homeroom: null,
      is_coordinator: false,
      stress_opted_out: false,
      is_counsellor: false,
    });
    expect(list.find((u) => u.id === cast.admin.id)).toMatchObject({
      team_size: 1,
      user_school_roles: [{ role: { name: 'staff' } }],
      is_coordinator: true,
    });
  });
});

describe('GET /schools/{id}/staff and /students', () => {
  it('lists all staff by first name, with points and last activity', async () => {
    await setPoints(t, cast.staff.id, 42);
    const when = new Date('2026-11-20T15:00:00Z');
    await t.db.update(users).set({ lastActivityLoggedAt: when }).where(eq(users.id, cast.staff.id));
    const response = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/staff`,
      headers: as(cast.admin),
    });
    const list = response.json();
    expect(list.map((u: { first_name: string }) => u.first_name)).toEqual(['Carla', 'Sam']);
    expect(list[1]).toEqual({
      id: cast.staff.id,
      first_name: 'Sam',
      last_name: 'student',
      points: 42,
      last_activity_logged_at: when.toISOString(),
    });
    expect(list[0].last_activity_logged_at).toBeNull();
  });

  it('lists only students with a day inside the active interval', async () => {
    const [active] = await t.db.select().from(semesters).where(eq(semesters.schoolId, schoolId()));
    if (!active) throw new Error('no interval');
    const url = `/api/v1/schools/${schoolId()}/students`;
    const before = await t.app.inject({ url, headers: as(cast.staff) });
    expect(before.json()).toEqual([]);

    const outside = await joinSchool(t.app, schoolId());
    await seedDay(t, { userId: outside.id, schoolId: schoolId(), date: '2001-01-01' });
    await seedDay(t, { userId: cast.student.id, schoolId: schoolId(), date: active.endDate });
    // Staff who logged are not students.
    await seedDay(t, { userId: cast.staff.id, schoolId: schoolId(), date: active.startDate });
    const after = await t.app.inject({ url, headers: as(cast.staff) });
    expect(after.json().map((u: { id: number }) => u.id)).toEqual([cast.student.id]);

    await t.db.update(semesters).set({ isActive: false }).where(eq(semesters.id, active.id));
    const none = await t.app.inject({ url, headers: as(cast.staff) });
    expect(none.json()).toEqual([]);
    await t.db.update(semesters).set({ isActive: true }).where(eq(semesters.id, active.id));
  });
});

describe('PUT /schools/{schoolId}/users/{userId}/roles/{role}', () => {
  const url = (userId: number, role: string) =>
    `/api/v1/schools/${schoolId()}/users/${userId}/roles/${role}`;

  it('switches a student to staff and back, answering the updated entry', async () => {
    const target = await joinSchool(t.app, schoolId());
    const toStaff = await t.app.inject({
      method: 'PUT',
      url: url(target.id, 'staff'),
      headers: as(cast.admin),
    });
    expect(toStaff.statusCode).toBe(200);
    expect(toStaff.json()).toMatchObject({
      id: target.id,
      user_school_roles: [{ role: { name: 'staff' } }],
    });
    const staffList = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/staff`,
      headers: as(cast.admin),
    });
    expect(staffList.json().map((u: { id: number }) => u.id)).toContain(target.id);
    // The switched user's new role works at once: staff may read the student list.
    const asStaff = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/students`,
      headers: as(target),
    });
    expect(asStaff.statusCode).toBe(200);

    const back = await t.app.inject({
      method: 'PUT',
      url: url(target.id, 'student'),
      headers: as(cast.admin),
    });
    expect(back.json().user_school_roles).toEqual([{ role: { name: 'student' } }]);
  });

  it('keeps the admin role of another coordinator it switches', async () => {
    const second = await joinSchool(t.app, schoolId());
    await t.db.insert(userRoles).values({ userId: second.id, role: 'admin' });
    await t.app.inject({
      method: 'PUT',
      url: url(second.id, 'staff'),
      headers: as(cast.admin),
    });
    const roles = await t.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, second.id));
    expect(roles.map((r) => r.role).sort()).toEqual(['admin', 'staff']);
  });

  it('refuses to make a coordinator a student (409): they are removed as coordinator first', async () => {
    const second = await joinSchool(t.app, schoolId());
    await setRoles(t, second.id, ['admin', 'staff']);
    const response = await t.app.inject({
      method: 'PUT',
      url: url(second.id, 'student'),
      headers: as(cast.admin),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: ROLE_SWITCH_MESSAGES.coordinatorToStudent });
  });

  it('refuses an admin their own role, and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: url(cast.admin.id, 'student'),
      headers: as(cast.admin),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: ROLE_SWITCH_MESSAGES.ownRole });
    const roles = await t.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, cast.admin.id));
    expect(roles.map((r) => r.role).sort()).toEqual(['admin', 'staff']);
  });

  it('refuses community members with 422, and nothing is written', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: url(cast.community.id, 'staff'),
      headers: as(cast.admin),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: ROLE_SWITCH_MESSAGES.notSwitchable });
    const roles = await t.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, cast.community.id));
    expect(roles.map((r) => r.role)).toEqual(['community_member']);
  });

  it('answers 404 for another school user, an unknown user or an unknown role', async () => {
    for (const [userId, role] of [
      [cast.otherAdmin.id, 'student'],
      [424242, 'student'],
      [cast.student.id, 'admin'],
      [cast.student.id, 'community_member'],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: url(userId, role),
        headers: as(cast.admin),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MESSAGES.notFound });
    }
  });
});
