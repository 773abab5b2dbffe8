import { LINK_HEADER, MESSAGES, POLICY_VERSION, TOTAL_COUNT_HEADER } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, consents } from '../../db/schema.ts';
import { bearer, joinSchool, schoolSignupBody, signUpSchool } from '../../test/fixtures.ts';
import { joinTeam } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();

const CLIENT = '203.0.113.7';

function consentRecord(schoolId: number, token: string, query = '') {
  return t.app.inject({
    url: `/api/v1/schools/${schoolId}/consents${query}`,
    headers: bearer(token),
  });
}

describe('consent records at sign-up', () => {
  it("store the school's two attestations and each member's agreement, with version, time, person and address", async () => {
    t.clock.set('2026-11-23T15:00:00Z');
    const body = schoolSignupBody();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: body,
      remoteAddress: CLIENT,
    });
    expect(signup.statusCode).toBe(201);
    const admin = signup.json().user;
    // The fixture's school pays and lets people join; this one only needs its record.
    const paid = await signUpSchool(t.app);
    const student = await joinSchool(t.app, paid.school.id);
    const member = await joinTeam(t, student.team_id ?? 0);

    const ofSchool = async (schoolId: number) =>
      (await t.db.select().from(consents).where(eq(consents.schoolId, schoolId))).map((row) => ({
        userId: row.userId,
        kind: row.kind,
        personName: row.personName,
        textVersion: row.textVersion,
        address: row.clientAddress,
      }));
    expect(await ofSchool(admin.school.id)).toEqual(
      ['parental_consent', 'policies'].map((kind) => ({
        userId: admin.id,
        kind,
        personName: 'Carla coordinator',
        textVersion: POLICY_VERSION,
        address: CLIENT,
      })),
    );
    const [agreed] = await t.db.select().from(consents).where(eq(consents.userId, admin.id));
    expect(
      Math.abs((agreed?.agreedAt.getTime() ?? 0) - Date.parse('2026-11-23T15:00:00Z')),
    ).toBeLessThan(60_000);
    const joined = (await ofSchool(paid.school.id)).filter((row) => row.userId !== paid.id);
    expect(joined.map((row) => [row.userId, row.kind])).toEqual([
      [student.id, 'policies'],
      [member.id, 'policies'],
    ]);
    // Each agreement is also a line of the school's activity log, from the same address.
    const logged = await t.db
      .select({
        actor: auditLog.actorUserId,
        detail: auditLog.detail,
        address: auditLog.clientAddress,
      })
      .from(auditLog)
      .where(eq(auditLog.schoolId, admin.school.id));
    expect(logged.filter((row) => row.detail?.includes(POLICY_VERSION))).toEqual([
      {
        actor: admin.id,
        detail: `parental_consent,policies;${POLICY_VERSION}`,
        address: CLIENT,
      },
    ]);
  });

  it('writes none for a sign-up that fails', async () => {
    const taken = await signUpSchool(t.app);
    const before = await t.db.select().from(consents);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: schoolSignupBody({ email: taken.email }),
    });
    expect(again.statusCode).toBe(409);
    expect(await t.db.select().from(consents)).toEqual(before);
  });
});

describe('GET /schools/{id}/consents', () => {
  it('pages the school’s record newest first, with the total and a next link', async () => {
    const admin = await signUpSchool(t.app);
    const students = [];
    for (let i = 0; i < 3; i += 1) students.push(await joinSchool(t.app, admin.school.id));

    const first = await consentRecord(admin.school.id, admin.token, '?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe('5');
    expect(first.json().map((row: { user_id: number }) => row.user_id)).toEqual([
      students[2]?.id,
      students[1]?.id,
    ]);
    const next = /^<\/api\/v1([^>]+)>; rel="next"$/.exec(String(first.headers[LINK_HEADER]))?.[1];
    expect(next).toMatch(/^\/schools\/\d+\/consents\?limit=2&cursor=/);
    const rest = await t.app.inject({ url: `/api/v1${next}`, headers: bearer(admin.token) });
    const last = await t.app.inject({
      url: `/api/v1${/^<\/api\/v1([^>]+)>/.exec(String(rest.headers[LINK_HEADER]))?.[1]}`,
      headers: bearer(admin.token),
    });
    expect(last.headers[LINK_HEADER]).toBeUndefined();
    expect([...rest.json(), ...last.json()].map((row) => [row.user_id, row.kind])).toEqual([
      [students[0]?.id, 'policies'],
      [admin.id, 'policies'],
      [admin.id, 'parental_consent'],
    ]);
    expect(last.json()[0]).toMatchObject({
      text_version: POLICY_VERSION,
      person_name: 'Carla coordinator',
      client_address: '127.0.0.1',
    });
  });

  it('refuses a cursor that is not one of its own (422), and a student (403)', async () => {
    const admin = await signUpSchool(t.app);
    const student = await joinSchool(t.app, admin.school.id);
    const bad = await consentRecord(admin.school.id, admin.token, '?cursor=bm90LW91cnM');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ error: expect.stringContaining('cursor') });
    expect((await consentRecord(admin.school.id, student.token)).statusCode).toBe(403);
  });
});

describe('agreeing to a new version', () => {
  const consentOf = (user: { id: number; token: string }) =>
    t.app.inject({ url: `/api/v1/users/${user.id}/policy-consent`, headers: bearer(user.token) });
  const agree = (user: { id: number; token: string }, version: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/policy-consent`,
      headers: bearer(user.token),
      payload: { version },
    });

  it('is due once the current version is newer than the last agreement, and stores a new record', async () => {
    const admin = await signUpSchool(t.app);
    const student = await joinSchool(t.app, admin.school.id);
    expect((await consentOf(student)).json()).toEqual({
      current_version: POLICY_VERSION,
      agreed_version: POLICY_VERSION,
      due: false,
    });

    // As if the student had agreed to an older text, before the current version was published.
    await t.db
      .update(consents)
      .set({ textVersion: '2020-01-01' })
      .where(eq(consents.userId, student.id));
    expect((await consentOf(student)).json()).toMatchObject({
      agreed_version: '2020-01-01',
      due: true,
    });

    // A page still showing the old text cannot agree to the new one.
    const stale = await agree(student, '2020-01-01');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: MESSAGES.policyVersionChanged });
    expect(await t.db.select().from(consents).where(eq(consents.userId, student.id))).toHaveLength(
      1,
    );

    const agreed = await agree(student, POLICY_VERSION);
    expect(agreed.statusCode).toBe(201);
    expect((await consentOf(student)).json()).toMatchObject({ due: false });
    const rows = await t.db.select().from(consents).where(eq(consents.userId, student.id));
    expect(rows.map((row) => row.textVersion)).toEqual(['2020-01-01', POLICY_VERSION]);
  });

  it("is no one else's to read or give (404)", async () => {
    const admin = await signUpSchool(t.app);
    const student = await joinSchool(t.app, admin.school.id);
    expect((await consentOf({ id: student.id, token: admin.token })).statusCode).toBe(404);
    expect((await agree({ id: student.id, token: admin.token }, POLICY_VERSION)).statusCode).toBe(
      404,
    );
  });
});
