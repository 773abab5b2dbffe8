import { createHash } from 'node:crypto';
import { BADGE_MESSAGES, type SessionRecord } from '@wellbank/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, badges, schools, users } from '../../db/schema.ts';
import { bearer, joinSchool } from '../../test/fixtures.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { TEST_APP_URL } from '../../test/test-app.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));

const TOKEN_IN_URL = new RegExp(`^${TEST_APP_URL}/badge#([A-Za-z0-9_-]{43})$`);

function issue(caller: SessionRecord, userId: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/users/${userId}/badge`,
    headers: as(caller),
  });
}

async function issuedToken(caller: SessionRecord, userId: number): Promise<string> {
  const response = await issue(caller, userId);
  expect(response.statusCode, response.body).toBe(201);
  const token = TOKEN_IN_URL.exec(response.json().url)?.[1];
  if (!token) throw new Error(`not a badge link: ${response.body}`);
  return token;
}

function signIn(token: string, remoteAddress = '192.0.2.10') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/sign-in/badge',
    payload: { token },
    remoteAddress,
  });
}

function sheet(caller: SessionRecord, body: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${caller.school.id}/badges`,
    payload: body,
    headers: as(caller),
  });
}

async function newStudent(homeroom: string | null = null): Promise<SessionRecord> {
  const student = await joinSchool(t.app, cast.admin.school.id);
  await t.db.update(users).set({ homeroom }).where(eq(users.id, student.id));
  return student;
}

const liveBadges = (userIds: number[]) =>
  t.db
    .select({ id: badges.id })
    .from(badges)
    .where(and(inArray(badges.userId, userIds), isNull(badges.voidedAt)));

describe('POST /users/{id}/badge', () => {
  it('answers a link whose token is stored only as its SHA-256, logged without it', async () => {
    const student = await newStudent();
    const token = await issuedToken(cast.staff, student.id);
    const [row] = await t.db.select().from(badges).where(eq(badges.userId, student.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row).toMatchObject({ schoolId: student.school.id, createdBy: cast.staff.id });
    const [tableText] = await t.db
      .execute(sql`select string_agg(b::text, ' ') as text from badges b`)
      .then((result) => (result as unknown as { rows: { text: string }[] }).rows);
    expect(tableText?.text).not.toContain(token);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'badge.issue'));
    expect(entries).toContainEqual(
      expect.objectContaining({ actorUserId: cast.staff.id, targetId: student.id }),
    );
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  it("is in the child's own export by its dates, never its token or hash", async () => {
    const student = await newStudent();
    const token = await issuedToken(cast.staff, student.id);
    await issuedToken(cast.staff, student.id);
    const exported = await t.app.inject({
      url: `/api/v1/users/${student.id}/export`,
      headers: bearer(student.token),
    });
    const data = exported.json();
    expect(data.badges).toEqual([
      { created_at: expect.any(String), voided_at: expect.any(String) },
      { created_at: expect.any(String), voided_at: null },
    ]);
    const hash = createHash('sha256').update(token).digest('hex');
    expect(exported.body).not.toContain(token);
    expect(exported.body).not.toContain(hash);
  });

  it('lets admins make badges too, and refuses students, staff targets and other schools', async () => {
    const student = await newStudent();
    await issuedToken(cast.admin, student.id);
    expect((await issue(cast.student, student.id)).statusCode).toBe(403);
    const staffTarget = await issue(cast.admin, cast.staff.id);
    expect(staffTarget.statusCode).toBe(422);
    expect(staffTarget.json()).toEqual({ error: BADGE_MESSAGES.studentsOnly });
    expect((await issue(cast.otherAdmin, student.id)).statusCode).toBe(404);
    expect((await issue(cast.admin, 2_000_000_000)).statusCode).toBe(404);
  });

  it('voids the earlier badge: it says it was replaced (410), the new one works', async () => {
    const student = await newStudent();
    const first = await issuedToken(cast.staff, student.id);
    const second = await issuedToken(cast.staff, student.id);
    const replaced = await signIn(first);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json()).toEqual({ error: BADGE_MESSAGES.replaced });
    // A lost badge someone tries shows in the school's log as a failed sign-in of the child.
    const tries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in.failed'), eq(auditLog.targetId, student.id)));
    expect(tries).toHaveLength(1);
    expect((await signIn(second)).statusCode).toBe(200);
    expect(await liveBadges([student.id])).toHaveLength(1);
  });

  it('leaves one live badge when several are made at once, and only the last one signs in', async () => {
    const student = await newStudent();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => issue(cast.staff, student.id)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
    expect(await liveBadges([student.id])).toHaveLength(1);
    const tokens = answers.map((answer) => TOKEN_IN_URL.exec(answer.json().url)?.[1] ?? '');
    const statuses = await Promise.all(tokens.map((token) => signIn(token, '192.0.2.77')));
    expect(statuses.map((answer) => answer.statusCode).sort()).toEqual([
      200, 410, 410, 410, 410, 410,
    ]);
  });
});

describe('POST /sign-in/badge', () => {
  it('signs the child in on a shared device, and logs it', async () => {
    const student = await newStudent();
    const token = await issuedToken(cast.staff, student.id);
    const response = await signIn(token);
    expect(response.statusCode).toBe(200);
    const session: SessionRecord = response.json();
    expect(session).toMatchObject({ id: student.id, shared_device: true });
    const self = await t.app.inject({
      url: `/api/v1/users/${student.id}`,
      headers: bearer(session.token),
    });
    expect(self.statusCode).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in.badge'), eq(auditLog.actorUserId, student.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.clientAddress).toBe('192.0.2.10');
  });

  it('answers 401 to an unknown token and limits refusals per address', async () => {
    const address = '198.51.100.40';
    const unknown = await signIn('A'.repeat(43), address);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: BADGE_MESSAGES.unknown });
    for (let attempt = 2; attempt <= 30; attempt++) {
      expect((await signIn(`B${attempt}`.padEnd(43, 'x'), address)).statusCode).toBe(401);
    }
    const student = await newStudent();
    const token = await issuedToken(cast.staff, student.id);
    // Past the limit even a good badge waits at that address; elsewhere it works.
    const limited = await signIn(token, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await signIn(token, '198.51.100.41')).statusCode).toBe(200);
  });

  it('stays counted when parallel refusals race past the limit', async () => {
    const address = '198.51.100.50';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => signIn(`R${index}`.padEnd(43, 'y'), address)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it("refuses a deleted child's badge, and a closed school's", async () => {
    const gone = await newStudent();
    const goneToken = await issuedToken(cast.staff, gone.id);
    await t.db.delete(users).where(eq(users.id, gone.id));
    expect((await signIn(goneToken)).statusCode).toBe(401);

    const student = await newStudent();
    const token = await issuedToken(cast.staff, student.id);
    const school = eq(schools.id, student.school.id);
    await t.db
      .update(schools)
      .set({ purgeAfter: new Date(Date.now() + 86_400_000) })
      .where(school);
    try {
      expect((await signIn(token)).statusCode).toBe(403);
    } finally {
      await t.db.update(schools).set({ purgeAfter: null }).where(school);
    }
  });

  it('signs in no one who is a student no more', async () => {
    const student = await newStudent();
    const token = await issuedToken(cast.staff, student.id);
    await t.db.update(users).set({ isStudent: false }).where(eq(users.id, student.id));
    expect((await signIn(token)).statusCode).toBe(401);
  });
});

describe("a homeroom's sheet", () => {
  it('makes badges for the children without one, then all of them again on replace', async () => {
    const room = 'Room B1';
    const [ana, ben] = [await newStudent(room), await newStudent(room)];
    if (!ana || !ben) throw new Error('no students');
    const earlier = await issuedToken(cast.staff, ana.id);
    const first = await sheet(cast.staff, { homeroom: room });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual([
      {
        id: ben.id,
        display_name: 'Sam S.',
        picture: expect.any(String),
        url: expect.stringMatching(TOKEN_IN_URL),
      },
    ]);
    expect((await sheet(cast.staff, { homeroom: room })).json()).toEqual([]);

    const holders = await t.app.inject({
      url: `/api/v1/schools/${cast.staff.school.id}/badges?homeroom=${encodeURIComponent(room)}`,
      headers: as(cast.staff),
    });
    expect(holders.statusCode).toBe(200);
    expect(holders.json()).toHaveLength(2);
    expect(JSON.stringify(holders.json())).not.toMatch(/badge#|token/);
    for (const holder of holders.json()) expect(holder.badge_issued_at).toEqual(expect.any(String));

    const replaced = await sheet(cast.admin, { homeroom: room, replace: true });
    expect(
      replaced
        .json()
        .map((badge: { id: number }) => badge.id)
        .sort(),
    ).toEqual([ana.id, ben.id].sort());
    expect((await signIn(earlier)).statusCode).toBe(410);
    expect(await liveBadges([ana.id, ben.id])).toHaveLength(2);
  });

  it('leaves one live badge per child when a sheet and a single badge race', async () => {
    const room = 'Room B2';
    const students = [await newStudent(room), await newStudent(room), await newStudent(room)];
    const ids = students.map((student) => student.id);
    const answers = await Promise.all([
      sheet(cast.staff, { homeroom: room, replace: true }),
      ...ids.map((id) => issue(cast.admin, id)),
      sheet(cast.admin, { homeroom: room, replace: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(201));
    expect(await liveBadges(ids)).toHaveLength(3);
  });

  it('lists the homerooms, and refuses students, other schools and empty homerooms', async () => {
    await newStudent('Room B3');
    const homerooms = await t.app.inject({
      url: `/api/v1/schools/${cast.staff.school.id}/homerooms`,
      headers: as(cast.staff),
    });
    expect(homerooms.json()).toContain('Room B3');
    expect((await sheet(cast.student, { homeroom: 'Room B3' })).statusCode).toBe(403);
    const otherSchool = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${cast.staff.school.id}/badges`,
      payload: { homeroom: 'Room B3' },
      headers: as(cast.otherAdmin),
    });
    expect(otherSchool.statusCode).toBe(404);
    const empty = await sheet(cast.staff, { homeroom: 'Nobody here' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ error: BADGE_MESSAGES.noStudents });
  });
});
