import { createHash } from 'node:crypto';
import { FAMILY_MESSAGES, GUARDIANS_PER_CHILD_MAX, type SessionRecord } from '@wellbank/domain';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, familyCodes, guardianLinks, users } from '../../db/schema.ts';
import { familyCodeOf, signUpGuardian } from '../../test/family-fixture.ts';
import { joinSchool, userSignupBody } from '../../test/fixtures.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { TEST_APP_URL } from '../../test/test-app.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));

function call(
  caller: SessionRecord | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  remoteAddress = '192.0.2.70',
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(caller ? { headers: as(caller) } : {}),
    ...(payload ? { payload } : {}),
    remoteAddress,
  });
}

const newStudent = (homeroom?: string) =>
  joinSchool(t.app, cast.admin.school.id).then(async (student) => {
    if (homeroom) await t.db.update(users).set({ homeroom }).where(eq(users.id, student.id));
    return student;
  });

function signUp(code: string, remoteAddress = '192.0.2.80') {
  return call(undefined, 'POST', '/family/sign-up', { ...userSignupBody(), code }, remoteAddress);
}

async function linkCount(studentId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(guardianLinks)
    .where(eq(guardianLinks.studentUserId, studentId));
  return row?.n ?? 0;
}

describe('family codes', () => {
  it('are made by staff or the child, shown once, stored as a hash, and logged', async () => {
    const student = await newStudent();
    const made = await call(cast.staff, 'POST', `/users/${student.id}/family-code`);
    expect(made.statusCode, made.body).toBe(201);
    const { code, url } = made.json();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(url).toBe(`${TEST_APP_URL}/family/link?code=${code.slice(0, 5)}-${code.slice(5)}`);
    const [stored] = await t.db
      .select()
      .from(familyCodes)
      .where(eq(familyCodes.userId, student.id));
    expect(stored?.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(code);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'family_code.issue'), eq(auditLog.targetId, student.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toBeNull();

    // The child shows their own; a classmate may not; a staff member gets no code.
    expect((await call(student, 'POST', `/users/${student.id}/family-code`)).statusCode).toBe(201);
    const classmate = await newStudent();
    expect((await call(classmate, 'POST', `/users/${student.id}/family-code`)).statusCode).toBe(
      403,
    );
    const staffCode = await call(cast.admin, 'POST', `/users/${cast.staff.id}/family-code`);
    expect(staffCode.statusCode).toBe(422);
    expect(staffCode.json()).toEqual({ error: FAMILY_MESSAGES.studentsOnly });
    expect(
      (await call(cast.otherAdmin, 'POST', `/users/${student.id}/family-code`)).statusCode,
    ).toBe(404);
  });

  it('replaces the live code: the earlier one stops working, links made stay', async () => {
    const student = await newStudent();
    const first = await familyCodeOf(t, cast.staff, student.id);
    const guardian = await signUpGuardian(t, first);
    const second = await familyCodeOf(t, cast.staff, student.id);
    const stale = await signUp(first);
    expect(stale.statusCode).toBe(404);
    expect((await signUp(second)).statusCode).toBe(201);
    expect(await linkCount(student.id)).toBe(2);

    // Revoked: no code works, the links stay; only staff and admins revoke.
    expect((await call(student, 'DELETE', `/users/${student.id}/family-code`)).statusCode).toBe(
      403,
    );
    expect((await call(cast.admin, 'DELETE', `/users/${student.id}/family-code`)).statusCode).toBe(
      204,
    );
    expect((await signUp(second)).statusCode).toBe(404);
    const children = await call(guardian, 'GET', '/family/children');
    expect(children.json().map((child: { id: number }) => child.id)).toEqual([student.id]);
  });
});

describe('linking a guardian', () => {
  it('signs a parent up as a guardian of the child: no team, no donation, logged', async () => {
    const student = await newStudent();
    const code = await familyCodeOf(t, cast.staff, student.id);
    // Typed in lower case with a space: the same code.
    const typed = `${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`;
    const response = await signUp(typed);
    expect(response.statusCode, response.body).toBe(201);
    const guardian = response.json();
    expect(guardian.roles).toEqual(['guardian']);
    expect(guardian.team_id).toBeNull();
    expect(guardian.needs_team_payment).toBe(false);
    expect(guardian.school.id).toBe(cast.admin.school.id);

    const children = await call(guardian, 'GET', '/family/children');
    expect(children.json()).toEqual([
      expect.objectContaining({
        id: student.id,
        first_name: student.first_name,
        school: { id: cast.admin.school.id, name: cast.admin.school.name },
      }),
    ]);
    // The child sees who is linked; so do the school's staff.
    const seen = await call(student, 'GET', `/users/${student.id}/guardians`);
    expect(seen.json()).toEqual([
      { id: guardian.id, first_name: 'Sam', last_name: 'student', linked_at: expect.any(String) },
    ]);
    expect((await call(cast.staff, 'GET', `/users/${student.id}/guardians`)).statusCode).toBe(200);
    expect((await call(guardian, 'GET', `/users/${student.id}/guardians`)).statusCode).toBe(403);
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'guardian.link'), eq(auditLog.actorUserId, guardian.id)));
    expect(logged).toEqual([
      expect.objectContaining({ schoolId: cast.admin.school.id, targetId: student.id }),
    ]);
  });

  it('lets a signed-in guardian link each of several children, once each', async () => {
    const [ana, ben] = [await newStudent(), await newStudent()];
    const guardian = await signUpGuardian(t, await familyCodeOf(t, cast.staff, ana.id));
    const benCode = await familyCodeOf(t, cast.staff, ben.id);
    const linked = await call(guardian, 'POST', '/family/links', { code: benCode });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json().id).toBe(ben.id);
    const again = await call(guardian, 'POST', '/family/links', { code: benCode });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: FAMILY_MESSAGES.alreadyLinked });
    const children = await call(guardian, 'GET', '/family/children');
    expect(children.json()).toHaveLength(2);
    // A student, staff member or community member is no guardian.
    for (const person of [ana, cast.staff, cast.community]) {
      const refused = await call(person, 'POST', '/family/links', { code: benCode });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: FAMILY_MESSAGES.guardiansOnly });
    }
  });

  it('links a child who has no e-mail the same way', async () => {
    const added = await call(cast.staff, 'POST', `/schools/${cast.admin.school.id}/students`, {
      first_name: 'Noor',
      last_name: 'Nomail',
    });
    expect(added.statusCode, added.body).toBe(201);
    const code = await familyCodeOf(t, cast.staff, added.json().id);
    const guardian = await signUpGuardian(t, code);
    const children = await call(guardian, 'GET', '/family/children');
    expect(children.json()[0]).toMatchObject({ first_name: 'Noor', last_name: 'Nomail' });
  });

  it(`refuses a child's guardian number ${GUARDIANS_PER_CHILD_MAX + 1}, writing no account`, async () => {
    const student = await newStudent();
    const code = await familyCodeOf(t, cast.staff, student.id);
    for (let i = 0; i < GUARDIANS_PER_CHILD_MAX; i++) await signUpGuardian(t, code);
    const [before] = await t.db.select({ n: count() }).from(users);
    const refused = await signUp(code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: FAMILY_MESSAGES.tooManyGuardians });
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it('holds the limit when parallel sign-ups race for the last places', async () => {
    const student = await newStudent();
    const code = await familyCodeOf(t, cast.staff, student.id);
    const answers = await Promise.all(
      Array.from({ length: GUARDIANS_PER_CHILD_MAX + 4 }, (_, i) =>
        signUp(code, `198.51.100.${100 + i}`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(GUARDIANS_PER_CHILD_MAX);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    expect(await linkCount(student.id)).toBe(GUARDIANS_PER_CHILD_MAX);
  });

  it('holds one link per pair when a guardian sends the same code twice at once', async () => {
    const [ana, ben] = [await newStudent(), await newStudent()];
    const guardian = await signUpGuardian(t, await familyCodeOf(t, cast.staff, ana.id));
    const code = await familyCodeOf(t, cast.staff, ben.id);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(guardian, 'POST', '/family/links', { code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await linkCount(ben.id)).toBe(1);
  });

  it("limits a guardian's wrong codes: past 10 an hour even the right one waits", async () => {
    const [ana, ben] = [await newStudent(), await newStudent()];
    const guardian = await signUpGuardian(t, await familyCodeOf(t, cast.staff, ana.id));
    const right = await familyCodeOf(t, cast.staff, ben.id);
    for (let i = 0; i < 10; i++) {
      const wrong = await call(
        guardian,
        'POST',
        '/family/links',
        { code: `ABCDEFGH2${(i % 8) + 2}` },
        '203.0.113.9',
      );
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json()).toEqual({ error: FAMILY_MESSAGES.unknownCode });
    }
    const limited = await call(guardian, 'POST', '/family/links', { code: right }, '203.0.113.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await linkCount(ben.id)).toBe(0);
  });

  it('refuses a code of the wrong shape without looking it up', async () => {
    const student = await newStudent();
    const guardian = await signUpGuardian(t, await familyCodeOf(t, cast.staff, student.id));
    const refused = await call(guardian, 'POST', '/family/links', { code: 'ABC' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: FAMILY_MESSAGES.unknownCode });
  });
});

describe('removing a link', () => {
  it('by the guardian: access ends, logged, and a second removal is 404', async () => {
    const student = await newStudent();
    const guardian = await signUpGuardian(t, await familyCodeOf(t, cast.staff, student.id));
    expect((await call(guardian, 'DELETE', `/family/children/${student.id}`)).statusCode).toBe(204);
    expect((await call(guardian, 'GET', '/family/children')).json()).toEqual([]);
    expect((await call(guardian, 'DELETE', `/family/children/${student.id}`)).statusCode).toBe(404);
    expect((await call(cast.staff, 'DELETE', `/family/children/${student.id}`)).statusCode).toBe(
      403,
    );
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'guardian.unlink'), eq(auditLog.targetId, student.id)));
    expect(logged).toEqual([
      expect.objectContaining({ actorUserId: guardian.id, detail: String(guardian.id) }),
    ]);
  });

  it("by the child's coordinator only (staff 403, another school 404)", async () => {
    const student = await newStudent();
    const guardian = await signUpGuardian(t, await familyCodeOf(t, cast.staff, student.id));
    const url = `/users/${student.id}/guardians/${guardian.id}`;
    expect((await call(cast.staff, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(student, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(cast.otherAdmin, 'DELETE', url)).statusCode).toBe(404);
    expect(await linkCount(student.id)).toBe(1);
    expect((await call(cast.admin, 'DELETE', url)).statusCode).toBe(204);
    expect(await linkCount(student.id)).toBe(0);
    expect((await call(cast.admin, 'DELETE', url)).statusCode).toBe(404);
  });

  it("with the guardian's own account, which they delete with their password", async () => {
    const student = await newStudent();
    const guardian = await signUpGuardian(t, await familyCodeOf(t, cast.staff, student.id));
    const deleted = await call(guardian, 'DELETE', `/users/${guardian.id}`, {
      password: 'secret-pass',
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await linkCount(student.id)).toBe(0);
    expect((await call(student, 'GET', `/users/${student.id}/guardians`)).json()).toEqual([]);
  });

  it("with the child's account", async () => {
    const student = await newStudent();
    const guardian = await signUpGuardian(t, await familyCodeOf(t, cast.staff, student.id));
    await t.db.delete(users).where(eq(users.id, student.id));
    expect((await call(guardian, 'GET', '/family/children')).json()).toEqual([]);
    expect(await linkCount(student.id)).toBe(0);
  });
});

describe("a homeroom's family letter", () => {
  it('gives every child of the homeroom a new working code, A→Z', async () => {
    const room = `Letter ${Date.now()}`;
    const [zoe, amy] = [await newStudent(room), await newStudent(room)];
    await t.db.update(users).set({ firstName: 'Zoe' }).where(eq(users.id, zoe.id));
    await t.db.update(users).set({ firstName: 'Amy' }).where(eq(users.id, amy.id));
    const earlier = await familyCodeOf(t, zoe, zoe.id);
    const url = `/schools/${cast.admin.school.id}/family-letters`;
    const letter = await call(cast.staff, 'POST', url, { homeroom: room });
    expect(letter.statusCode, letter.body).toBe(201);
    const pages = letter.json();
    expect(pages.map((page: { id: number }) => page.id)).toEqual([amy.id, zoe.id]);
    expect(pages[0].url).toContain('/family/link?code=');
    expect((await signUp(earlier)).statusCode).toBe(404);
    expect((await signUp(pages[1].code)).statusCode).toBe(201);
    expect(await linkCount(zoe.id)).toBe(1);

    const empty = await call(cast.staff, 'POST', url, { homeroom: 'Nobody here' });
    expect(empty.statusCode).toBe(422);
    expect((await call(zoe, 'POST', url, { homeroom: room })).statusCode).toBe(403);
    const elsewhere = `/schools/${cast.admin.school.id}/family-letters`;
    expect((await call(cast.otherAdmin, 'POST', elsewhere, { homeroom: room })).statusCode).toBe(
      404,
    );
  });
});
