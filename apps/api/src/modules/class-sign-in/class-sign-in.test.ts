import {
  CLASS_SIGN_IN_MESSAGES,
  type ClassCard,
  type ClassLookup,
  type OpenClassCode,
  SECRET_PICTURES,
  type SecretPictures,
  type SessionRecord,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, secretPictures, users } from '../../db/schema.ts';
import { joinSchool } from '../../test/fixtures.ts';
import { as, seedCast, setRoles } from '../../test/school-fixture.ts';
import { TEST_APP_URL } from '../../test/test-app.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();
let addressCounter = 0;
/** Each test its own client address, so the lookup budget of one does not spend another's. */
const newAddress = () => `198.51.100.${++addressCounter}`;

async function student(homeroom: string | null, firstName: string, lastName: string) {
  const joined = await joinSchool(t.app, cast.admin.school.id);
  await t.db.update(users).set({ homeroom, firstName, lastName }).where(eq(users.id, joined.id));
  return joined;
}

const cast = seededOnce(async () => {
  // The tests move the clock through March 2031: everyone signs in at its start.
  t.clock.set('2031-03-01T16:00:00Z');
  return seedCast(t);
});
const room = seededOnce(async () => ({
  zoe: await student('K-1', 'Zoe', 'adams'),
  ana: await student('K-1', 'Ana', 'García'),
  ben: await student('K-1', 'Ben', 'Okafor'),
  other: await student('K-2', 'Omar', 'Little'),
}));

function openCode(body: object, caller: SessionRecord = cast.staff, school = cast.admin.school.id) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${school}/class-codes`,
    headers: as(caller),
    payload: body,
  });
}

async function openedCode(body: object = { homeroom: 'K-1' }): Promise<OpenClassCode> {
  const response = await openCode(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function lookUp(code: string, remoteAddress = newAddress()) {
  return t.app.inject({ url: `/api/v1/class-codes/${code}`, remoteAddress });
}

function signIn(code: string, userId: number, pictures: readonly string[], remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/class-codes/${code}/sign-in`,
    payload: { user_id: userId, pictures },
    remoteAddress: remoteAddress ?? newAddress(),
  });
}

async function cards(homeroom = 'K-1', caller: SessionRecord = cast.staff): Promise<ClassCard[]> {
  const response = await t.app.inject({
    url: `/api/v1/schools/${cast.admin.school.id}/class-cards?homeroom=${homeroom}`,
    headers: as(caller),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function picturesOf(userId: number): Promise<SecretPictures> {
  const card = (await cards()).find((c) => c.id === userId);
  if (!card) throw new Error(`no card for ${userId}`);
  return card.secret_pictures;
}

/** Any sequence but the child's own. */
function wrongPictures([first, second]: SecretPictures): SecretPictures {
  return [second, first];
}

async function auditCount(action: string, targetId: number) {
  const rows = await t.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  return rows.length;
}

function unlock(userId: number, caller: SessionRecord = cast.staff) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/v1/users/${userId}/class-sign-in-lock`,
    headers: as(caller),
  });
}

describe('class codes', () => {
  it('opens a code for a homeroom until the end of the school day, and lists first names, initials and pictures', async () => {
    t.clock.set('2031-03-04T20:30:00Z'); // 1:30 p.m. in Denver
    const opened = await openedCode();
    expect(opened.code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(opened.url).toBe(`${TEST_APP_URL}/class/${opened.code}`);
    expect(opened.expires_at).toBe('2031-03-05T07:00:00.000Z'); // Denver's next midnight
    const response = await lookUp(opened.code.toLowerCase());
    expect(response.statusCode, response.body).toBe(200);
    const found: ClassLookup = response.json();
    expect(found.school).toEqual({ name: 'Lincoln Elementary' });
    expect(found.students.map((s) => s.display_name)).toEqual(['Ana G.', 'Ben O.', 'Zoe A.']);
    expect(found.students.map((s) => s.id)).toEqual([room.ana.id, room.ben.id, room.zoe.id]);
    expect(Object.keys(found.students[0] ?? {}).sort()).toEqual(['display_name', 'id', 'picture']);
    expect(response.body).not.toMatch(/García|Okafor|adams|@/);
  });

  it('ends at midnight in the school’s zone and when staff close it', async () => {
    t.clock.set('2031-03-05T06:59:00Z');
    const opened = await openedCode();
    expect((await lookUp(opened.code)).statusCode).toBe(200);
    t.clock.set('2031-03-05T07:00:01Z');
    const expired = await lookUp(opened.code);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ error: CLASS_SIGN_IN_MESSAGES.codeNotOpen });

    const other = await openedCode();
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/class-codes/${other.code}`,
      headers: as(cast.otherAdmin),
    });
    expect(foreign.statusCode).toBe(404);
    const byStudent = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/class-codes/${other.code}`,
      headers: as(room.ana),
    });
    expect(byStudent.statusCode).toBe(403);
    const closed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/class-codes/${other.code}`,
      headers: as(cast.admin),
    });
    expect(closed.statusCode).toBe(204);
    expect((await lookUp(other.code)).statusCode).toBe(404);
    const pictures = await picturesOf(room.ana.id);
    expect((await signIn(other.code, room.ana.id, pictures)).statusCode).toBe(404);
  });

  it('lists only the students picked, all of them of the school', async () => {
    t.clock.set('2031-03-06T16:00:00Z');
    const opened = await openedCode({ user_ids: [room.other.id, room.zoe.id] });
    const found: ClassLookup = (await lookUp(opened.code)).json();
    expect(found.students.map((s) => s.display_name)).toEqual(['Omar L.', 'Zoe A.']);
    // Another school's student, a staff member, a community member: not found, nothing opened.
    for (const id of [cast.otherAdmin.id, cast.staff.id, cast.community.id]) {
      const refused = await openCode({ user_ids: [room.zoe.id, id] });
      expect(refused.statusCode, String(id)).toBe(404);
    }
    const empty = await openCode({ homeroom: 'Nobody here' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ error: CLASS_SIGN_IN_MESSAGES.noStudents });
    expect((await openCode({})).statusCode).toBe(422);
    expect((await openCode({ homeroom: 'K-1', user_ids: [room.zoe.id] })).statusCode).toBe(422);
  });

  it('is opened by staff and admins of the school only', async () => {
    expect((await openCode({ homeroom: 'K-1' }, cast.admin)).statusCode).toBe(201);
    expect((await openCode({ homeroom: 'K-1' }, room.ana)).statusCode).toBe(403);
    expect((await openCode({ homeroom: 'K-1' }, cast.community)).statusCode).toBe(403);
    expect((await openCode({ homeroom: 'K-1' }, cast.otherAdmin)).statusCode).toBe(404);
    const cardsOfOther = await t.app.inject({
      url: `/api/v1/schools/${cast.admin.school.id}/class-cards?homeroom=K-1`,
      headers: as(cast.otherAdmin),
    });
    expect(cardsOfOther.statusCode).toBe(404);
    const cardsByStudent = await t.app.inject({
      url: `/api/v1/schools/${cast.admin.school.id}/class-cards?homeroom=K-1`,
      headers: as(room.ana),
    });
    expect(cardsByStudent.statusCode).toBe(403);
  });

  it('limits the lookup per client address like the school-code lookup', async () => {
    const remoteAddress = newAddress();
    for (let i = 0; i < 30; i++) {
      expect((await lookUp('ABCDEFGH', remoteAddress)).statusCode).toBe(404);
    }
    expect((await lookUp('ABCDEFGH', remoteAddress)).statusCode).toBe(429);
    // Guessing codes through the sign-in spends the same budget.
    expect((await signIn('ABCDEFGH', room.ana.id, ['sun', 'moon'], remoteAddress)).statusCode).toBe(
      429,
    );
  });
});

describe('signing in by pictures', () => {
  it('gives each child two different secret pictures, the same on every card read', async () => {
    const first = await cards();
    expect(first.map((c) => c.display_name)).toEqual(['Ana G.', 'Ben O.', 'Zoe A.']);
    for (const card of first) {
      const [a, b] = card.secret_pictures;
      expect(SECRET_PICTURES).toContain(a);
      expect(SECRET_PICTURES).toContain(b);
      expect(a).not.toBe(b);
    }
    expect(await cards()).toEqual(first);
  });

  it('signs a child in with their pictures in order into a shared-device session, logged', async () => {
    t.clock.set('2031-03-10T16:00:00Z');
    const { code } = await openedCode();
    const pictures = await picturesOf(room.ben.id);
    const response = await signIn(code, room.ben.id, pictures);
    expect(response.statusCode, response.body).toBe(200);
    const session: SessionRecord = response.json();
    expect(session).toMatchObject({ id: room.ben.id, shared_device: true });
    const own = await t.app.inject({ url: `/api/v1/users/${room.ben.id}`, headers: as(session) });
    expect(own.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in.class'), eq(auditLog.actorUserId, room.ben.id)));
    expect(entry).toMatchObject({ schoolId: cast.admin.school.id });
    // A child of another homeroom is not in this class, whatever their pictures.
    const otherPictures = (await cards('K-2')).find((c) => c.id === room.other.id);
    const outsider = await signIn(code, room.other.id, otherPictures?.secret_pictures ?? []);
    expect(outsider.statusCode).toBe(404);
    // Staff never sign in by pictures, even if once listed as a student.
    await setRoles(t, room.zoe.id, ['staff']);
    const staffTry = await signIn(code, room.zoe.id, await picturesOfAny(room.zoe.id));
    expect(staffTry.statusCode).toBe(404);
    await setRoles(t, room.zoe.id, ['student']);
  });

  it('locks after five wrong sequences: the sixth try is 429 even when right, until staff unlock', async () => {
    t.clock.set('2031-03-11T16:00:00Z');
    const { code } = await openedCode();
    const pictures = await picturesOf(room.ana.id);
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(code, room.ana.id, wrongPictures(pictures));
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: CLASS_SIGN_IN_MESSAGES.wrongPictures });
    }
    const locked = await signIn(code, room.ana.id, pictures);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: CLASS_SIGN_IN_MESSAGES.locked });
    expect((await picturesOfCard(room.ana.id)).locked).toBe(true);
    expect(await auditCount('class_sign_in.lock', room.ana.id)).toBe(1);
    // Another child of the class is not locked with her.
    expect((await signIn(code, room.ben.id, await picturesOf(room.ben.id))).statusCode).toBe(200);

    expect((await unlock(room.ana.id, room.ben)).statusCode).toBe(403);
    expect((await unlock(room.ana.id, cast.otherAdmin)).statusCode).toBe(404);
    expect((await unlock(room.ana.id)).statusCode).toBe(204);
    expect(await auditCount('class_sign_in.unlock', room.ana.id)).toBe(1);
    expect((await picturesOfCard(room.ana.id)).locked).toBe(false);
    expect((await signIn(code, room.ana.id, pictures)).statusCode).toBe(200);
  });

  it('unlocks by itself after 15 minutes', async () => {
    t.clock.set('2031-03-12T16:00:00Z');
    const { code } = await openedCode();
    const pictures = await picturesOf(room.zoe.id);
    for (let i = 0; i < 5; i++) await signIn(code, room.zoe.id, wrongPictures(pictures));
    t.clock.advance(14 * 60 * 1000);
    expect((await signIn(code, room.zoe.id, pictures)).statusCode).toBe(429);
    t.clock.advance(2 * 60 * 1000);
    expect((await signIn(code, room.zoe.id, pictures)).statusCode).toBe(200);
  });

  it('counts parallel wrong tries exactly: five 401s, then 429s', async () => {
    t.clock.set('2031-03-13T16:00:00Z');
    const { code } = await openedCode();
    const pictures = await picturesOf(room.ben.id);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signIn(code, room.ben.id, wrongPictures(pictures))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect((await signIn(code, room.ben.id, pictures)).statusCode).toBe(429);
    expect(await auditCount('class_sign_in.lock', room.ben.id)).toBe(1);
    expect((await unlock(room.ben.id)).statusCode).toBe(204);
  });

  it('gives new pictures on staff’s word: the old ones stop working', async () => {
    t.clock.set('2031-03-14T16:00:00Z');
    const { code } = await openedCode();
    const before = await picturesOf(room.zoe.id);
    let after = before;
    // A new draw may repeat the old pair (1 in 72): draw until it differs.
    for (let i = 0; i < 10 && after.join() === before.join(); i++) {
      const renewed = await t.app.inject({
        method: 'POST',
        url: `/api/v1/users/${room.zoe.id}/secret-pictures`,
        headers: as(cast.staff),
      });
      expect(renewed.statusCode, renewed.body).toBe(200);
      after = renewed.json().secret_pictures;
    }
    expect(await picturesOf(room.zoe.id)).toEqual(after);
    expect((await signIn(code, room.zoe.id, before)).statusCode).toBe(401);
    expect((await signIn(code, room.zoe.id, after)).statusCode).toBe(200);
    expect(await auditCount('secret_pictures.renew', room.zoe.id)).toBeGreaterThanOrEqual(1);
    for (const [caller, status] of [
      [room.ana, 403],
      [cast.otherAdmin, 404],
    ] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/v1/users/${room.zoe.id}/secret-pictures`,
        headers: as(caller),
      });
      expect(refused.statusCode).toBe(status);
    }
    const ofStaff = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${cast.staff.id}/secret-pictures`,
      headers: as(cast.admin),
    });
    expect(ofStaff.statusCode).toBe(404);
  });
});

async function picturesOfCard(userId: number): Promise<ClassCard> {
  const card = (await cards()).find((c) => c.id === userId);
  if (!card) throw new Error(`no card for ${userId}`);
  return card;
}

/** A child's pictures whatever their role now (read from the database, not a class card). */
async function picturesOfAny(userId: number): Promise<SecretPictures> {
  const [row] = await t.db.select().from(secretPictures).where(eq(secretPictures.userId, userId));
  if (!row) throw new Error(`no pictures for ${userId}`);
  return [row.first, row.second] as SecretPictures;
}
