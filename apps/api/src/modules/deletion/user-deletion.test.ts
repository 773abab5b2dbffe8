import { DELETION_MESSAGES, MESSAGES, teamNameFor } from '@wellbank/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { payments, teams, users } from '../../db/schema.ts';
import { rowTraces } from '../../security/row-traces.ts';
import { tableFingerprint } from '../../security/table-fingerprint.ts';
import { activityCalls } from '../../test/activity-calls.ts';
import { type EmailSession, signUpSchool, unique } from '../../test/fixtures.ts';
import { as, joinTeam, seedDay } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { schoolOfFour } from './deletion-fixture.ts';

const t = useTestApp();

const PASSWORD = 'secret-pass';

function deleteUser(caller: EmailSession, userId: number, payload?: object) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/v1/users/${userId}`,
    headers: as(caller),
    ...(payload && { payload }),
  });
}

function login(user: EmailSession) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/authenticate',
    payload: { email: user.email, password: PASSWORD },
  });
}

/** A name no other row has, so that the traces check can look for it anywhere. */
async function nameUniquely(user: EmailSession) {
  const firstName = unique('First');
  const lastName = unique('Last');
  await t.db.update(users).set({ firstName, lastName }).where(eq(users.id, user.id));
  return { firstName, lastName, texts: [user.email, firstName, lastName] };
}

/** A school with its interval's days logged, so every deletion has points to take away. */
async function schoolWithDays() {
  const { admin, staff, student, family, schoolId } = await schoolOfFour(t);
  const today = new Date().toISOString().slice(0, 10);
  for (const [user, dayPoints] of [
    [admin, 5],
    [staff, 7],
    [student, 11],
    [family, 13],
  ] as const) {
    await seedDay(t, { userId: user.id, schoolId, date: today, dayPoints, balanceCents: 100 });
  }
  await t.db.execute(sql`update users set points = (
    select coalesce(sum(day_points + streak_points), 0) from daily_summaries d where d.user_id = users.id)
    where school_id = ${schoolId}`);
  await t.db.execute(sql`update teams set points = (
    select coalesce(sum(u.points), 0) from team_members m join users u on u.id = m.user_id
    where m.team_id = teams.id) where school_id = ${schoolId}`);
  return { admin, staff, student, family, schoolId };
}

/** Teams whose maintained points differ from a fresh sum of their members' (none, always). */
async function stalePoints(schoolId: number) {
  return queryRows(
    t.db,
    sql`select t.id, t.points, coalesce(sum(u.points), 0)::int as fresh
      from teams t left join team_members m on m.team_id = t.id left join users u on u.id = m.user_id
      where t.school_id = ${schoolId} group by t.id having t.points <> coalesce(sum(u.points), 0)`,
  );
}

async function teamOf(teamId: number | null) {
  const [team] = await t.db
    .select({ name: teams.name, points: teams.points, captain: teams.captainUserId })
    .from(teams)
    .where(eq(teams.id, teamId ?? 0));
  return team;
}

describe('an adult deleting their own account', () => {
  it('ends every session at once, deletes all their rows and keeps their donation without them', async () => {
    const { family, student, schoolId } = await schoolWithDays();
    const { texts } = await nameUniquely(family);
    const otherDevice = (await login(family)).json() as EmailSession;
    const teamBefore = await teamOf(student.team_id);

    const response = await deleteUser(family, family.id, { password: PASSWORD });
    expect(response.statusCode).toBe(204);

    for (const session of [family, otherDevice]) {
      const me = await t.app.inject({ url: `/api/v1/users/${family.id}`, headers: as(session) });
      expect(me.statusCode).toBe(401);
    }
    expect(await rowTraces(t.db, { userIds: [family.id], texts })).toEqual({});
    // The donation stays a financial record of the school and team, with no person.
    const [donation] = await t.db
      .select({ userId: payments.userId, teamId: payments.teamId, amount: payments.amountCents })
      .from(payments)
      .where(eq(payments.kind, 'donation'))
      .orderBy(sql`${payments.id} desc`)
      .limit(1);
    expect(donation).toMatchObject({ userId: null, teamId: student.team_id });
    expect(donation?.amount).toBeGreaterThan(0);
    expect(await teamOf(student.team_id)).toMatchObject({ points: (teamBefore?.points ?? 0) - 13 });
    expect(await stalePoints(schoolId)).toEqual([]);
    // A sign-in attempt with the address is counted (rate limits), whether or not it has an account.
    expect((await login(family)).statusCode).toBe(401);
  });

  it("hands a captain's team to the family who joined it, under their name, and deletes an empty one", async () => {
    const { staff, admin, schoolId } = await schoolWithDays();
    const { texts, firstName, lastName } = await nameUniquely(staff);
    await t.db
      .update(teams)
      .set({ name: teamNameFor(firstName, lastName) })
      .where(eq(teams.id, staff.team_id ?? 0));
    const cousin = await joinTeam(t, staff.team_id);
    await seedDay(t, { userId: cousin.id, schoolId, date: '2020-01-01', dayPoints: 3 });

    expect((await deleteUser(staff, staff.id, { password: PASSWORD })).statusCode).toBe(204);

    expect(await teamOf(staff.team_id)).toEqual({
      name: teamNameFor('Sam', 'student'),
      points: 0,
      captain: null,
    });
    expect(await rowTraces(t.db, { userIds: [staff.id], texts })).toEqual({});
    // The cousin's team still works for them.
    const team = await t.app.inject({ url: '/api/v1/teams/me', headers: as(cousin) });
    expect(team.statusCode).toBe(200);
    expect(await stalePoints(schoolId)).toEqual([]);

    // Once the cousin goes too, nobody is left on it: the team goes with them.
    expect((await deleteUser(cousin, cousin.id, { password: PASSWORD })).statusCode).toBe(204);
    expect(await teamOf(staff.team_id)).toBeUndefined();
    expect(await stalePoints(admin.school.id)).toEqual([]);
  });

  it('is refused with 422 and deletes nothing when the password is wrong or missing', async () => {
    const { family } = await schoolWithDays();
    const before = await tableFingerprint(t.db);
    const wrong = await deleteUser(family, family.id, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ error: MESSAGES.currentPasswordWrong });
    const missing = await deleteUser(family, family.id);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ error: DELETION_MESSAGES.passwordRequired });
    expect(await tableFingerprint(t.db)).toEqual(before);
  });

  it('counts a wrong password as a failed login: once the budget is spent even the right one is 429', async () => {
    const { family } = await schoolWithDays();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await deleteUser(family, family.id, { password: 'guess-guess' });
    }
    const right = await deleteUser(family, family.id, { password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(
      (await t.app.inject({ url: `/api/v1/users/${family.id}`, headers: as(family) })).statusCode,
    ).toBe(200);
  });

  it('refuses a student (their school deletes them) and the coordinator (who deletes the school)', async () => {
    const { student, admin } = await schoolWithDays();
    const before = await tableFingerprint(t.db);
    const asStudent = await deleteUser(student, student.id, { password: PASSWORD });
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toEqual({ error: DELETION_MESSAGES.studentCannotDeleteSelf });
    const asAdmin = await deleteUser(admin, admin.id, { password: PASSWORD });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ error: DELETION_MESSAGES.coordinatorDeletesSchool });
    expect(await tableFingerprint(t.db)).toEqual(before);
  });
});

describe('an admin removing a member of their school', () => {
  it('deletes a student with their days, takes them off the lists and recomputes their team', async () => {
    const { admin, student, family, schoolId } = await schoolWithDays();
    const { texts } = await nameUniquely(student);

    const removed = await deleteUser(admin, student.id);
    expect(removed.statusCode, removed.body).toBe(204);

    expect(await rowTraces(t.db, { userIds: [student.id], texts })).toEqual({});
    const list = await t.app.inject({
      url: `/api/v1/schools/${schoolId}/users`,
      headers: as(admin),
    });
    expect(list.json().map((user: { id: number }) => user.id)).not.toContain(student.id);
    // The family member who joined the student's team keeps it, and its points are theirs alone.
    expect(await teamOf(student.team_id)).toMatchObject({ points: 13, captain: null });
    expect(await stalePoints(schoolId)).toEqual([]);
    expect((await login(family)).statusCode).toBe(200);
  });

  it('deletes once when two removals of one student race: the other finds nobody (404)', async () => {
    const { admin, student, schoolId } = await schoolWithDays();
    const answers = await Promise.all([
      deleteUser(admin, student.id),
      deleteUser(admin, student.id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 404]);
    expect(await rowTraces(t.db, { userIds: [student.id] })).toEqual({});
    expect(await stalePoints(schoolId)).toEqual([]);
  });

  it('answers the writes of a student removed while they run 200 or 401, never 500', async () => {
    const { admin, student, family, schoolId } = await schoolWithDays();
    const write = (user: EmailSession, cups: number) =>
      activityCalls(t, user.token).put('water', { cups, fruit: 0, vegetables: 0 });
    const writes = Array.from({ length: 12 }, (_, index) => [
      write(student, index % 9),
      write(family, index % 9),
    ]).flat();
    const removed = deleteUser(admin, student.id);
    const answers = await Promise.all(writes);

    expect((await removed).statusCode).toBe(204);
    const statuses = new Set(answers.map((answer) => answer.statusCode));
    expect([...statuses].filter((status) => status !== 200 && status !== 401)).toEqual([]);
    expect(await rowTraces(t.db, { userIds: [student.id] })).toEqual({});
    // Their teammate's writes went on beside the removal, and the team's sum is theirs alone.
    expect(await stalePoints(schoolId)).toEqual([]);
  });

  it('removes staff, but not a community member, another admin or themself', async () => {
    const { admin, staff, family } = await schoolWithDays();
    const before = await tableFingerprint(t.db);
    for (const [target, message] of [
      [family, DELETION_MESSAGES.onlyStudentsOrStaff],
      [admin, DELETION_MESSAGES.coordinatorDeletesSchool],
    ] as const) {
      const response = await deleteUser(admin, target.id);
      expect(response.statusCode, target.email).toBe(403);
      expect(response.json()).toEqual({ error: message });
    }
    expect(await tableFingerprint(t.db)).toEqual(before);
    expect((await deleteUser(admin, staff.id)).statusCode).toBe(204);
    expect(await rowTraces(t.db, { userIds: [staff.id] })).toEqual({});
  });

  it('is refused to other members of the school (403) and to another school (404)', async () => {
    const { staff, student, family } = await schoolWithDays();
    const other = await signUpSchool(t.app);
    const before = await tableFingerprint(t.db);
    for (const caller of [staff, family]) {
      expect((await deleteUser(caller, student.id)).statusCode).toBe(403);
    }
    expect((await deleteUser(other, student.id)).statusCode).toBe(404);
    expect((await deleteUser(other, 2_000_000_000)).statusCode).toBe(404);
    expect(await tableFingerprint(t.db)).toEqual(before);
  });
});
