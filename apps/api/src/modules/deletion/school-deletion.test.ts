import { DELETION_MESSAGES, type SessionRecord } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schools, teams, users } from '../../db/schema.ts';
import { rowTraces } from '../../security/row-traces.ts';
import { tableFingerprint } from '../../security/table-fingerprint.ts';
import { asProperties } from '../../test/activity-calls.ts';
import { userSignupBody } from '../../test/fixtures.ts';
import { as, seedDay } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { schoolOfFour } from './deletion-fixture.ts';
import { SCHOOL_PURGE } from './school-purge.job.ts';

const t = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;

async function school() {
  const s = await schoolOfFour(t);
  await seedDay(t, {
    userId: s.student.id,
    schoolId: s.schoolId,
    date: '2026-01-05',
    balanceCents: 250,
  });
  return s;
}
type School = Awaited<ReturnType<typeof school>>;

function closeSchool(caller: SessionRecord, schoolId: number, code: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/v1/schools/${schoolId}`,
    headers: as(caller),
    payload: { code },
  });
}

function cancelDeletion(caller: SessionRecord, schoolId: number) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/v1/schools/${schoolId}/deletion`,
    headers: as(caller),
  });
}

function login(user: SessionRecord) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/authenticate',
    payload: { email: user.email, password: 'secret-pass' },
  });
}

function get(user: SessionRecord, url: string) {
  return t.app.inject({ url: `/api/v1${url}`, headers: as(user) });
}

function saveWater(user: SessionRecord) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/activities/water',
    headers: as(user),
    payload: { activity: { activity_type: 'water', properties: asProperties({ cups: 3 }) } },
  });
}

function patchLanguage(user: SessionRecord) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/users/${user.id}`,
    headers: as(user),
    payload: { language: 'es' },
  });
}

async function runPurge() {
  await t.jobs.send(t.db, SCHOOL_PURGE, {});
  await t.runJobs();
}

/** Every row of the school, by id, and every member's e-mail, name and the code, anywhere. */
async function tracesOf(s: School) {
  const people = [s.admin, s.staff, s.student, s.family];
  return rowTraces(t.db, {
    schoolIds: [s.schoolId],
    userIds: people.map((person) => person.id),
    texts: [s.code, ...people.map((person) => person.email)],
  });
}

describe('deleting a school', () => {
  it('is refused with 422 and closes nothing when the typed code does not match', async () => {
    const s = await school();
    const before = await tableFingerprint(t.db);
    for (const code of ['WRONG1', '', s.code.slice(1)]) {
      const response = await closeSchool(s.admin, s.schoolId, code);
      expect(response.statusCode, code).toBe(422);
      expect(response.json()).toEqual({ error: DELETION_MESSAGES.schoolCodeMismatch });
    }
    expect(await tableFingerprint(t.db)).toEqual(before);
    expect((await login(s.student)).statusCode).toBe(200);
  });

  it('closes the school at once: members cannot sign in, the admin sees only export and cancel', async () => {
    const s = await school();
    const now = t.clock.now().getTime();
    const response = await closeSchool(s.admin, s.schoolId, s.code.toLowerCase());
    expect(response.statusCode).toBe(200);
    const purgeAfter = Date.parse(response.json().purge_after);
    expect(purgeAfter - now).toBeGreaterThanOrEqual(30 * DAY_MS);
    expect(purgeAfter - now).toBeLessThan(30 * DAY_MS + 60_000);

    for (const member of [s.staff, s.student, s.family]) {
      const again = await login(member);
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual({ error: DELETION_MESSAGES.schoolClosedForMembers });
    }
    // Nobody new joins it either.
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${s.schoolId}/users`,
      payload: { ...userSignupBody(), code: s.code },
    });
    expect(join.statusCode).toBe(403);

    const record = await get(s.admin, `/users/${s.admin.id}`);
    expect(record.json().school_purge_after).toBe(response.json().purge_after);
    const refused = await get(s.admin, '/activities');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: DELETION_MESSAGES.schoolClosedForAdmins });
    const signIn = await login(s.admin);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().school_purge_after).toBe(response.json().purge_after);

    // Asking again keeps the first date.
    t.clock.advance(DAY_MS);
    const repeat = await closeSchool(s.admin, s.schoolId, s.code);
    expect(repeat.json()).toEqual(response.json());
  });

  it('reopens on cancel: everyone signs in again and nothing is purged', async () => {
    const s = await school();
    expect((await closeSchool(s.admin, s.schoolId, s.code)).statusCode).toBe(200);
    expect((await cancelDeletion(s.admin, s.schoolId)).statusCode).toBe(204);
    const student = (await login(s.student)).json() as SessionRecord;
    expect(student.school_purge_after).toBeNull();
    expect((await get(student, '/activities')).statusCode).toBe(200);
    t.clock.advance(31 * DAY_MS);
    await runPurge();
    expect(await tracesOf(s)).toMatchObject({ schools: 1, users: 4 });
  });

  it('keeps members signed in while closed: their record says so, everything else is 403 and writes nothing', async () => {
    const s = await school();
    const closed = await closeSchool(s.admin, s.schoolId, s.code);
    const purgeAfter = closed.json().purge_after;
    const before = await tableFingerprint(t.db);
    for (const member of [s.staff, s.student, s.family]) {
      const record = await get(member, `/users/${member.id}`);
      expect(record.statusCode, member.email).toBe(200);
      expect(record.json().school_purge_after).toBe(purgeAfter);
      for (const url of ['/activities', '/teams/me', '/piggy-banks']) {
        const read = await get(member, url);
        expect(read.statusCode, url).toBe(403);
        expect(read.json()).toEqual({ error: DELETION_MESSAGES.schoolClosedForMembers });
      }
      for (const write of [
        saveWater(member),
        patchLanguage(member),
        closeSchool(member, s.schoolId, s.code),
        cancelDeletion(member, s.schoolId),
        get(member, `/schools/${s.schoolId}/export`),
      ]) {
        const refused = await write;
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toEqual({ error: DELETION_MESSAGES.schoolClosedForMembers });
      }
    }
    expect(await tableFingerprint(t.db)).toEqual(before);
    // Signing out still works: a shared device must be able to let the next child in.
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/authentication/session',
      headers: as(s.family),
    });
    expect(logout.statusCode).toBe(204);
    expect((await get(s.family, `/users/${s.family.id}`)).statusCode).toBe(401);
  });

  it('gives a member the app back on cancel with the session they had, without a sign-in', async () => {
    const s = await school();
    expect((await closeSchool(s.admin, s.schoolId, s.code)).statusCode).toBe(200);
    t.clock.advance(3 * DAY_MS);
    expect((await get(s.student, '/activities')).statusCode).toBe(403);
    expect((await cancelDeletion(s.admin, s.schoolId)).statusCode).toBe(204);
    const record = await get(s.student, `/users/${s.student.id}`);
    expect(record.json().school_purge_after).toBeNull();
    expect((await get(s.student, '/activities')).statusCode).toBe(200);
    const saved = await saveWater(s.student);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('purges everything of the school once the 30 days are over, and nothing of another school', async () => {
    const s = await school();
    const other = await school();
    // The sign-ups' confirmation mails go first: their links are rows of the other school too.
    await t.runJobs();
    const otherBefore = await tracesOf(other);
    expect((await closeSchool(s.admin, s.schoolId, s.code)).statusCode).toBe(200);

    t.clock.advance(29 * DAY_MS);
    await runPurge();
    expect((await get(s.admin, `/users/${s.admin.id}`)).statusCode).toBe(200);

    t.clock.advance(2 * DAY_MS);
    await runPurge();
    expect(await tracesOf(s)).toEqual({});
    // Every session went with its user, the members' kept through the closing included.
    for (const person of [s.admin, s.student]) {
      expect((await get(person, `/users/${person.id}`)).statusCode).toBe(401);
    }
    expect(await tracesOf(other)).toEqual(otherBefore);
    const [otherTeams] = await t.db
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.schoolId, other.schoolId));
    expect(otherTeams).toBeDefined();
  });

  it('is for the admins of that school only: 403 to its other members, 404 to another school', async () => {
    const s = await school();
    const other = await school();
    const before = await tableFingerprint(t.db);
    for (const member of [s.staff, s.student, s.family]) {
      expect((await closeSchool(member, s.schoolId, s.code)).statusCode).toBe(403);
      expect((await cancelDeletion(member, s.schoolId)).statusCode).toBe(403);
    }
    expect((await closeSchool(other.admin, s.schoolId, s.code)).statusCode).toBe(404);
    expect((await cancelDeletion(other.admin, s.schoolId)).statusCode).toBe(404);
    expect(await tableFingerprint(t.db)).toEqual(before);
    const [open] = await t.db
      .select({ purgeAfter: schools.purgeAfter })
      .from(schools)
      .where(eq(schools.id, s.schoolId));
    expect(open?.purgeAfter).toBeNull();
    const [admin] = await t.db.select().from(users).where(eq(users.id, s.admin.id));
    expect(admin).toBeDefined();
  });
});
