import {
  daysBetween,
  INTERVAL_MESSAGES,
  type SemesterRecord,
  type SessionRecord,
} from '@wellbank/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, semesters, users } from '../../db/schema.ts';
import { joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { as, CAST_ROLES, seedCast, seedDay, setPoints } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));

const castSchoolId = () => cast.admin.school.id;
const december = { start_date: '2020-12-01', end_date: '2020-12-31', points_needed: 500 };
const january = { start_date: '2021-01-01', end_date: '2021-01-31', points_needed: 800 };

function list(user: SessionRecord | undefined, schoolId: number | string) {
  return t.app.inject({
    url: `/api/v1/schools/${schoolId}/semesters`,
    headers: user ? as(user) : {},
  });
}

function create(user: SessionRecord, body: unknown, schoolId: number = user.school.id) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${schoolId}/semesters`,
    headers: as(user),
    payload: body as object,
  });
}

function toggle(user: SessionRecord | undefined, semesterId: number | string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/schools/semesters/${semesterId}/active`,
    headers: user ? as(user) : {},
  });
}

async function createOk(admin: SessionRecord, body: object): Promise<SemesterRecord> {
  const response = await create(admin, body);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json();
}

async function toggleOk(admin: SessionRecord, semesterId: number): Promise<SemesterRecord> {
  const response = await toggle(admin, semesterId);
  if (response.statusCode !== 200) throw new Error(`toggle failed: ${response.body}`);
  return response.json();
}

function rowsOf(schoolId: number) {
  return t.db
    .select()
    .from(semesters)
    .where(eq(semesters.schoolId, schoolId))
    .orderBy(asc(semesters.id));
}

async function activeIds(schoolId: number): Promise<number[]> {
  return (await rowsOf(schoolId)).filter((row) => row.isActive).map((row) => row.id);
}

async function pointsOf(userId: number): Promise<number | undefined> {
  const [row] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row?.points;
}

describe('GET /schools/{id}/semesters', () => {
  it('answers every member of the school, another school 404, no token 401', async () => {
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) {
      statuses[role] = (await list(cast[role], castSchoolId())).statusCode;
    }
    expect(statuses).toEqual({
      admin: 200,
      staff: 200,
      student: 200,
      community: 200,
      otherAdmin: 404,
    });
    expect((await list(undefined, castSchoolId())).statusCode).toBe(401);
    expect((await list(cast.admin, 'abc')).statusCode).toBe(404);
    expect((await list(cast.admin, 424242)).statusCode).toBe(404);
  });

  it('starts with the sign-up interval: active, 120 days, 1000 points, ISO dates', async () => {
    const response = await list(cast.student, castSchoolId());
    const { semesters: listed } = response.json() as { semesters: SemesterRecord[] };
    expect(listed).toHaveLength(1);
    const [first] = listed;
    expect(first).toEqual({
      id: expect.any(Number),
      start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      end_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      points_needed: 1000,
      is_active: true,
    });
    expect(daysBetween(first?.start_date ?? '', first?.end_date ?? '')).toBe(120);
  });

  it('lists the school’s intervals by start date, and only that school’s', async () => {
    const admin = await signUpSchool(t.app);
    const later = await createOk(admin, january);
    const earlier = await createOk(admin, december);
    const [signUpInterval] = await rowsOf(admin.school.id);
    const response = await list(admin, admin.school.id);
    expect(response.json()).toEqual({
      semesters: [
        { id: earlier.id, ...december, is_active: false },
        { id: later.id, ...january, is_active: false },
        expect.objectContaining({ id: signUpInterval?.id }),
      ],
    });
  });
});

describe('POST /schools/{id}/semesters', () => {
  it('lets an admin create an inactive interval, leaving the active one alone', async () => {
    const admin = await signUpSchool(t.app);
    const [signUpInterval] = await rowsOf(admin.school.id);
    const response = await create(admin, december);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), ...december, is_active: false });
    expect(await activeIds(admin.school.id)).toEqual([signUpInterval?.id]);
  });

  it('refuses staff, students and community members (403) and other schools (404)', async () => {
    const before = await rowsOf(castSchoolId());
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) {
      if (role === 'admin') continue;
      statuses[role] = (await create(cast[role], december, castSchoolId())).statusCode;
    }
    expect(statuses).toEqual({ staff: 403, student: 403, community: 403, otherAdmin: 404 });
    expect(await rowsOf(castSchoolId())).toEqual(before);
  });

  it.each([
    ['no fields', {}, 'Start date is required'],
    ['no end date', { start_date: '2021-01-01', points_needed: 5 }, 'End date is required'],
    [
      'no points',
      { start_date: '2021-01-01', end_date: '2021-02-01' },
      'Points needed is required',
    ],
    [
      'a US date',
      { ...december, start_date: '12/01/2026' },
      'Start date must be a date (YYYY-MM-DD)',
    ],
    [
      'an unpadded date',
      { ...december, end_date: '2020-12-1' },
      'End date must be a date (YYYY-MM-DD)',
    ],
    [
      'an impossible date',
      { start_date: '2026-02-01', end_date: '2026-02-30', points_needed: 5 },
      'End date must be a date (YYYY-MM-DD)',
    ],
    [
      'a timestamp',
      { ...december, start_date: '2020-12-01T00:00:00Z' },
      'Start date must be a date (YYYY-MM-DD)',
    ],
    [
      'the end equal to the start',
      { ...december, end_date: december.start_date },
      'End date must be after the start date',
    ],
    [
      'the end before the start',
      { ...december, end_date: '2020-11-30' },
      'End date must be after the start date',
    ],
    ['zero points', { ...december, points_needed: 0 }, 'Points needed must be at least 1'],
    ['negative points', { ...december, points_needed: -5 }, 'Points needed must be at least 1'],
    [
      'fractional points',
      { ...december, points_needed: 1.5 },
      'Points needed must be a whole number',
    ],
    // Only the status is pinned: a wrong type reuses the "is required" sentence, meant for absence.
    ['points as text', { ...december, points_needed: '500' }, expect.any(String)],
  ])('answers 422 for %s and writes nothing', async (_case, body, message) => {
    const before = await rowsOf(castSchoolId());
    const response = await create(cast.admin, body, castSchoolId());
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: message });
    expect(await rowsOf(castSchoolId())).toEqual(before);
  });
});

describe('PUT /schools/semesters/{id}/active', () => {
  it('activating an interval deactivates the school’s other one, not other schools’', async () => {
    const admin = await signUpSchool(t.app);
    const other = await signUpSchool(t.app);
    const othersActive = await activeIds(other.school.id);
    const created = await createOk(admin, december);

    expect(await toggleOk(admin, created.id)).toEqual({ ...created, is_active: true });
    expect(await activeIds(admin.school.id)).toEqual([created.id]);
    expect(await activeIds(other.school.id)).toEqual(othersActive);
  });

  it('toggling the active interval leaves the school with none active', async () => {
    const admin = await signUpSchool(t.app);
    const [signUpInterval] = await rowsOf(admin.school.id);
    if (!signUpInterval) throw new Error('sign-up made no interval');

    expect(await toggleOk(admin, signUpInterval.id)).toMatchObject({ is_active: false });
    expect(await activeIds(admin.school.id)).toEqual([]);
    expect(await toggleOk(admin, signUpInterval.id)).toMatchObject({ is_active: true });
    expect(await activeIds(admin.school.id)).toEqual([signUpInterval.id]);
  });

  it('leaves at most one interval active when toggles arrive together', async () => {
    const admin = await signUpSchool(t.app);
    const [signUpInterval] = await rowsOf(admin.school.id);
    const decemberInterval = await createOk(admin, december);
    const januaryInterval = await createOk(admin, january);
    const ids = [signUpInterval?.id ?? 0, decemberInterval.id, januaryInterval.id];
    for (let round = 0; round < 4; round += 1) {
      const responses = await Promise.all(ids.map((id) => toggle(admin, id)));
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect((await activeIds(admin.school.id)).length).toBeLessThanOrEqual(1);
    }
    // Two intervals never both activate: the last of two simultaneous activations wins alone.
    await Promise.all((await activeIds(admin.school.id)).map((id) => toggleOk(admin, id)));
    await Promise.all([toggle(admin, decemberInterval.id), toggle(admin, januaryInterval.id)]);
    expect(await activeIds(admin.school.id)).toHaveLength(1);
  });

  it('recomputes users’ points over the newly active interval’s days', async () => {
    const admin = await signUpSchool(t.app);
    const schoolId = admin.school.id;
    const student = await joinSchool(t.app, schoolId);
    const elsewhere = await signUpSchool(t.app);
    await setPoints(t, elsewhere.id, 42);
    const day = (date: string, dayPoints: number, streakPoints = 0) =>
      seedDay(t, { userId: student.id, schoolId, date, dayPoints, streakPoints });
    await day('2020-11-30', 100, 35); // before both intervals
    await day('2020-12-01', 10, 5); // December's first day
    await day('2020-12-31', -4); // December's last day
    await day('2021-01-01', 7, 10); // January's first day
    await day('2021-02-01', 60); // after both
    const decemberInterval = await createOk(admin, december);
    const januaryInterval = await createOk(admin, january);

    await toggleOk(admin, decemberInterval.id);
    expect(await pointsOf(student.id)).toBe(11);
    await toggleOk(admin, januaryInterval.id);
    expect(await pointsOf(student.id)).toBe(17);
    await toggleOk(admin, januaryInterval.id);
    expect(await pointsOf(student.id)).toBe(0);
    expect(await pointsOf(admin.id)).toBe(0);
    expect(await pointsOf(elsewhere.id)).toBe(42);
  });

  it('refuses staff, students and community members (403) and other schools (404)', async () => {
    const [signUpInterval] = await rowsOf(castSchoolId());
    if (!signUpInterval) throw new Error('sign-up made no interval');
    const before = await rowsOf(castSchoolId());
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) {
      if (role === 'admin') continue;
      statuses[role] = (await toggle(cast[role], signUpInterval.id)).statusCode;
    }
    expect(statuses).toEqual({ staff: 403, student: 403, community: 403, otherAdmin: 404 });
    expect((await toggle(undefined, signUpInterval.id)).statusCode).toBe(401);
    expect(await rowsOf(castSchoolId())).toEqual(before);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['424242', 'abc', '0', '-1', '1.5', '99999999999']) {
      expect((await toggle(cast.admin, id)).statusCode, id).toBe(404);
    }
  });
});

function edit(user: SessionRecord, semesterId: number | string, body: unknown, schoolId?: number) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/schools/${schoolId ?? user.school.id}/semesters/${semesterId}`,
    headers: as(user),
    payload: body as object,
  });
}

function remove(user: SessionRecord, semesterId: number | string, schoolId?: number) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/v1/schools/${schoolId ?? user.school.id}/semesters/${semesterId}`,
    headers: as(user),
  });
}

async function lastAudit(schoolId: number) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.schoolId, schoolId))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('overlapping intervals', () => {
  it('refuses an interval sharing a day with another (409), naming the other, writing nothing', async () => {
    const admin = await signUpSchool(t.app);
    await createOk(admin, december);
    const before = await rowsOf(admin.school.id);
    for (const body of [
      { ...january, start_date: '2020-12-31' },
      { start_date: '2020-11-01', end_date: '2020-12-01', points_needed: 5 },
      { start_date: '2020-12-10', end_date: '2020-12-20', points_needed: 5 },
      { start_date: '2020-11-01', end_date: '2021-02-01', points_needed: 5 },
    ]) {
      const response = await create(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.json()).toEqual({ error: INTERVAL_MESSAGES.overlaps(december) });
    }
    expect(INTERVAL_MESSAGES.overlaps(december)).toContain('12/01/2020 to 12/31/2020');
    expect(await rowsOf(admin.school.id)).toEqual(before);
  });

  it('lets two schools use the same dates, and back-to-back intervals in one school', async () => {
    const one = await signUpSchool(t.app);
    const two = await signUpSchool(t.app);
    await createOk(one, december);
    await createOk(two, december);
    await createOk(one, january);
  });

  it('creates one of two overlapping intervals sent at once, refusing the other', async () => {
    const admin = await signUpSchool(t.app);
    const responses = await Promise.all([
      create(admin, december),
      create(admin, { ...december, start_date: '2020-12-15', end_date: '2021-01-15' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await rowsOf(admin.school.id)).toHaveLength(2);
  });

  it('is held by the database too: a direct insert of an overlap fails', async () => {
    const admin = await signUpSchool(t.app);
    await createOk(admin, december);
    const insert = t.db.insert(semesters).values({
      schoolId: admin.school.id,
      startDate: '2020-12-31',
      endDate: '2021-01-05',
      pointsNeeded: 1,
    });
    await expect(insert).rejects.toThrow();
  });
});

describe('PUT /schools/{id}/semesters/{semesterId}', () => {
  it('changes the dates and points of an interval and logs it with the old values', async () => {
    const admin = await signUpSchool(t.app);
    const created = await createOk(admin, december);
    const changed = { start_date: '2020-11-15', end_date: '2021-01-10', points_needed: 650 };
    const response = await edit(admin, created.id, changed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: created.id, ...changed, is_active: false });
    const listed = (await list(admin, admin.school.id)).json().semesters as SemesterRecord[];
    expect(listed).toContainEqual({ id: created.id, ...changed, is_active: false });
    expect(await lastAudit(admin.school.id)).toMatchObject({
      action: 'semester.update',
      targetKind: 'semester',
      targetId: created.id,
      detail: '12/01/2020 to 12/31/2020, 500 points',
    });
  });

  it('refuses dates that overlap another interval (409, naming it)', async () => {
    const admin = await signUpSchool(t.app);
    const first = await createOk(admin, december);
    await createOk(admin, january);
    const response = await edit(admin, first.id, { ...december, end_date: '2021-01-02' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: INTERVAL_MESSAGES.overlaps(january) });
    expect((await rowsOf(admin.school.id)).find((row) => row.id === first.id)).toMatchObject({
      endDate: december.end_date,
    });
  });

  it('refuses dates that leave logged days outside; allows growing and points changes', async () => {
    const admin = await signUpSchool(t.app);
    const student = await joinSchool(t.app, admin.school.id);
    const created = await createOk(admin, december);
    await seedDay(t, { userId: student.id, schoolId: admin.school.id, date: '2020-12-03' });
    await seedDay(t, { userId: admin.id, schoolId: admin.school.id, date: '2020-12-30' });
    const shrunk = await edit(admin, created.id, { ...december, start_date: '2020-12-05' });
    expect(shrunk.statusCode).toBe(409);
    expect(shrunk.json()).toEqual({ error: INTERVAL_MESSAGES.dropsLoggedDays(1) });
    const moved = await edit(admin, created.id, january);
    expect(moved.json()).toEqual({ error: INTERVAL_MESSAGES.dropsLoggedDays(2) });
    const grown = { start_date: '2020-11-20', end_date: '2020-12-31', points_needed: 900 };
    expect((await edit(admin, created.id, grown)).statusCode).toBe(200);
  });

  it('recomputes points when the active interval’s dates change', async () => {
    const admin = await signUpSchool(t.app);
    const schoolId = admin.school.id;
    const student = await joinSchool(t.app, schoolId);
    const created = await createOk(admin, december);
    await seedDay(t, { userId: student.id, schoolId, date: '2020-12-10', dayPoints: 10 });
    await seedDay(t, { userId: student.id, schoolId, date: '2021-01-02', dayPoints: 7 });
    await toggleOk(admin, created.id);
    expect(await pointsOf(student.id)).toBe(10);
    await edit(admin, created.id, { ...december, end_date: '2021-01-05' });
    expect(await pointsOf(student.id)).toBe(17);
  });

  it('refuses other roles (403), other schools and unknown intervals (404), bad bodies (422)', async () => {
    const [signUpInterval] = await rowsOf(castSchoolId());
    const id = signUpInterval?.id ?? 0;
    const before = await rowsOf(castSchoolId());
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) {
      if (role === 'admin') continue;
      statuses[role] = (await edit(cast[role], id, december, castSchoolId())).statusCode;
    }
    expect(statuses).toEqual({ staff: 403, student: 403, community: 403, otherAdmin: 404 });
    // An id of another school's interval under one's own school: not found.
    expect((await edit(cast.otherAdmin, id, december)).statusCode).toBe(404);
    expect((await edit(cast.admin, 424242, december)).statusCode).toBe(404);
    const bad = await edit(cast.admin, id, { ...december, end_date: '2020-11-01' });
    expect(bad.statusCode).toBe(422);
    expect(await rowsOf(castSchoolId())).toEqual(before);
  });
});

describe('DELETE /schools/{id}/semesters/{semesterId}', () => {
  it('deletes an interval with no logged day and logs it by its dates', async () => {
    const admin = await signUpSchool(t.app);
    const created = await createOk(admin, december);
    const response = await remove(admin, created.id);
    expect(response.statusCode).toBe(204);
    expect((await rowsOf(admin.school.id)).map((row) => row.id)).not.toContain(created.id);
    expect(await lastAudit(admin.school.id)).toMatchObject({
      action: 'semester.delete',
      targetId: created.id,
      detail: '12/01/2020 to 12/31/2020, 500 points',
    });
    expect((await remove(admin, created.id)).statusCode).toBe(404);
  });

  it('refuses an interval with logged days (409) and keeps it', async () => {
    const admin = await signUpSchool(t.app);
    const student = await joinSchool(t.app, admin.school.id);
    const created = await createOk(admin, december);
    await seedDay(t, { userId: student.id, schoolId: admin.school.id, date: '2020-12-31' });
    const response = await remove(admin, created.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: INTERVAL_MESSAGES.hasLoggedDays(1) });
    expect((await rowsOf(admin.school.id)).map((row) => row.id)).toContain(created.id);
  });

  it('refuses other roles (403) and other schools (404)', async () => {
    const [signUpInterval] = await rowsOf(castSchoolId());
    const id = signUpInterval?.id ?? 0;
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) {
      if (role === 'admin') continue;
      statuses[role] = (await remove(cast[role], id, castSchoolId())).statusCode;
    }
    expect(statuses).toEqual({ staff: 403, student: 403, community: 403, otherAdmin: 404 });
    expect((await remove(cast.otherAdmin, id)).statusCode).toBe(404);
    expect((await rowsOf(castSchoolId())).map((row) => row.id)).toContain(id);
  });
});
