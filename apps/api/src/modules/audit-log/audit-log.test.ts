import {
  type AuditEntry,
  describeAuditEntry,
  INVALID_CURSOR_MESSAGE,
  LINK_HEADER,
  nextPageLink,
  TOTAL_COUNT_HEADER,
} from '@wellbank/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { auditLog, schools, users } from '../../db/schema.ts';
import { joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';
import { recordAudit } from './audit-log.ts';

const t = useTestApp();
const cast = seededOnce(() => seedCast(t));

const schoolId = () => cast.admin.school.id;
const ADDRESS = '203.0.113.7';

async function readLog(options: { query?: string; caller?: typeof cast.admin } = {}) {
  const caller = options.caller ?? cast.admin;
  const url = `/api/v1/schools/${caller.school.id}/audit-log${options.query ?? ''}`;
  return t.app.inject({ url, headers: as(caller) });
}

async function newestEntries(count = 20): Promise<AuditEntry[]> {
  const response = await readLog({ query: `?limit=${count}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function signIn(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/authenticate',
    payload: { email, password },
    remoteAddress: ADDRESS,
  });
}

describe('what is recorded', () => {
  it('a sign-in: the person, their school and address, and no e-mail or token', async () => {
    const response = await signIn(cast.staff.email, 'secret-pass');
    expect(response.statusCode).toBe(200);
    const [entry] = await newestEntries(1);
    expect(entry).toMatchObject({
      action: 'sign_in.succeeded',
      actor: { id: cast.staff.id, name: `${cast.staff.first_name} ${cast.staff.last_name}` },
      target: null,
      client_address: ADDRESS,
    });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, entry?.id ?? 0));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('@');
    expect(stored).not.toContain(response.json().token);
  });

  it("a wrong password: the account as target, no actor, in the account's school", async () => {
    expect((await signIn(cast.student.email, 'wrong-password')).statusCode).toBe(401);
    const [entry] = await newestEntries(1);
    expect(entry).toMatchObject({
      action: 'sign_in.failed',
      actor: null,
      target: { kind: 'user', id: cast.student.id },
      client_address: ADDRESS,
    });
    expect(describeAuditEntry(entry as AuditEntry)).toBe(
      `Someone failed to sign in as ${cast.student.first_name} ${cast.student.last_name}`,
    );
  });

  it('an unknown e-mail: an entry with no school and no e-mail, which no school reads', async () => {
    const before = await newestEntries(1);
    expect((await signIn('nobody-here@lincoln.example', 'whatever1')).statusCode).toBe(401);
    const [row] = await t.db.select().from(auditLog).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(row).toMatchObject({ schoolId: null, action: 'sign_in.failed', targetId: null });
    expect(JSON.stringify(row)).not.toContain('nobody-here');
    expect(await newestEntries(1)).toEqual(before);
  });

  it('a role switch, with the role and the person switched', async () => {
    const student = await joinSchool(t.app, schoolId());
    const url = `/api/v1/schools/${schoolId()}/users/${student.id}/roles/staff`;
    const response = await t.app.inject({ method: 'PUT', url, headers: as(cast.admin) });
    expect(response.statusCode).toBe(200);
    const [entry] = await newestEntries(1);
    expect(entry).toMatchObject({
      action: 'role.switch',
      actor: { id: cast.admin.id },
      target: { kind: 'user', id: student.id },
      detail: 'staff',
    });
  });

  it('an interval created, activated and deactivated', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${schoolId()}/semesters`,
      headers: as(cast.admin),
      payload: { start_date: '2031-01-06', end_date: '2031-05-30', points_needed: 900 },
    });
    expect(created.statusCode).toBe(201);
    const semesterId = created.json().id;
    const toggle = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/schools/semesters/${semesterId}/active`,
        headers: as(cast.admin),
      });
    await toggle();
    await toggle();
    const entries = await newestEntries(3);
    expect(entries.map((entry) => entry.action)).toEqual([
      'semester.deactivate',
      'semester.activate',
      'semester.create',
    ]);
    expect(entries[2]?.target).toEqual({
      kind: 'semester',
      id: semesterId,
      name: '01/06/2031 to 05/30/2031',
    });
  });

  it("payments: the school's subscription and a member's donation, each once", async () => {
    const entries = (await newestEntries(100)).filter((entry) =>
      entry.action.startsWith('payment.'),
    );
    // The fixtures paid on the test checkout, then reported it again (no second entry).
    expect(entries.map((entry) => [entry.action, entry.actor?.id])).toEqual([
      ['payment.donation', cast.community.id],
      ['payment.subscription', cast.admin.id],
    ]);
  });

  it("staff reading students' data: one entry per page, not per student", async () => {
    const before = (await readLog()).headers[TOTAL_COUNT_HEADER];
    const students = `/api/v1/schools/${schoolId()}/students?limit=1`;
    await t.app.inject({ url: students, headers: as(cast.staff) });
    const users = `/api/v1/schools/${schoolId()}/users?limit=2`;
    await t.app.inject({ url: users, headers: as(cast.admin) });
    // Another team's members; the staff member's own team and the staff list are not logged.
    const team = `/api/v1/teams/${cast.student.team_id}/users`;
    await t.app.inject({ url: team, headers: as(cast.staff) });
    await t.app.inject({
      url: `/api/v1/teams/${cast.staff.team_id}/users`,
      headers: as(cast.staff),
    });
    await t.app.inject({ url: team, headers: as(cast.student) });
    await t.app.inject({ url: `/api/v1/schools/${schoolId()}/staff`, headers: as(cast.admin) });
    const response = await readLog({ query: '?limit=3' });
    expect(Number(response.headers[TOTAL_COUNT_HEADER])).toBe(Number(before) + 3);
    expect(response.json().map((entry: AuditEntry) => [entry.action, entry.actor?.id])).toEqual([
      ['view.team_members', cast.staff.id],
      ['view.school_users', cast.admin.id],
      ['view.student_points', cast.staff.id],
    ]);
    expect(response.json()[0].target).toMatchObject({ kind: 'team', id: cast.student.team_id });
  });
});

describe('recordAudit', () => {
  it('writes nothing when the transaction of its action rolls back', async () => {
    const count = () => t.db.$count(auditLog);
    const before = await count();
    const action = t.db.transaction(async (tx) => {
      await recordAudit(tx, {
        action: 'user.export',
        schoolId: schoolId(),
        actorUserId: cast.admin.id,
        clientAddress: ADDRESS,
      });
      throw new Error('the export failed');
    });
    await expect(action).rejects.toThrow('the export failed');
    expect(await count()).toBe(before);
  });
});

/** The trigger's refusal, wherever the driver and Drizzle wrapped it. */
async function expectRefused(statement: Promise<unknown>, operation: string) {
  const error = await statement.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  const messages: string[] = [];
  for (let cause = error; cause instanceof Error; cause = cause.cause) messages.push(cause.message);
  expect(messages.join(' | ')).toContain(`audit_log is append-only: ${operation} refused`);
}

describe('append-only', () => {
  it('refuses to update, delete or truncate an entry, whoever asks', async () => {
    const count = await t.db.$count(auditLog);
    await expectRefused(t.db.execute(sql`update audit_log set action = 'consent.agree'`), 'UPDATE');
    await expectRefused(t.db.execute(sql`update audit_log set school_id = null`), 'UPDATE');
    const ownSchool = sql`delete from audit_log where school_id = ${schoolId()}`;
    await expectRefused(t.db.execute(ownSchool), 'DELETE');
    await expectRefused(t.db.execute(sql`truncate audit_log`), 'TRUNCATE');
    expect(await t.db.$count(auditLog)).toBe(count);
  });

  it('keeps a deleted user’s entries, by id, with no name', async () => {
    const student = await joinSchool(t.app, schoolId());
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/schools/${schoolId()}/users/${student.id}/roles/staff`,
      headers: as(cast.admin),
    });
    await t.db.delete(users).where(eq(users.id, student.id));
    const [entry] = await newestEntries(1);
    expect(entry?.target).toEqual({ kind: 'user', id: student.id, name: null });
    expect(describeAuditEntry(entry as AuditEntry)).toContain('made deleted user staff');
  });

  it('is purged with its school, and only then; school-less entries after 90 days', async () => {
    const other = await signUpSchool(t.app);
    const entriesOf = async (id: number) => t.db.$count(auditLog, eq(auditLog.schoolId, id));
    expect(await entriesOf(other.school.id)).toBeGreaterThan(0);
    await t.db.delete(schools).where(eq(schools.id, other.school.id));
    expect(await entriesOf(other.school.id)).toBe(0);

    const [recent] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into audit_log (school_id, action, at) values (null, 'sign_in.failed',
        now() - interval '89 days') returning id`,
    );
    const [old] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into audit_log (school_id, action, at) values (null, 'sign_in.failed',
        now() - interval '91 days') returning id`,
    );
    await expectRefused(t.db.delete(auditLog).where(eq(auditLog.id, Number(recent?.id))), 'DELETE');
    await t.db.delete(auditLog).where(eq(auditLog.id, Number(old?.id)));
    expect(await t.db.$count(auditLog, eq(auditLog.id, Number(old?.id)))).toBe(0);
  });
});

describe('GET /schools/{id}/audit-log', () => {
  it('pages newest first with X-Total-Count and a Link to the next page', async () => {
    const first = await readLog({ query: '?limit=2' });
    const total = Number(first.headers[TOTAL_COUNT_HEADER]);
    expect(total).toBeGreaterThan(4);
    const next = nextPageLink(String(first.headers[LINK_HEADER]));
    expect(next).toMatch(/audit-log\?limit=2&cursor=/);
    const second = await t.app.inject({ url: next ?? '', headers: as(cast.admin) });
    const ids = [...first.json(), ...second.json()].map((entry: AuditEntry) => entry.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(new Set(ids).size).toBe(4);
    const all = await readLog({ query: '?limit=500' });
    expect(all.json()).toHaveLength(total);
    expect(all.headers[LINK_HEADER]).toBeUndefined();
  });

  it('refuses a cursor that is not one of its own (422), and bad limits', async () => {
    const bad = await readLog({ query: '?cursor=bm90LW91cnM' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ error: INVALID_CURSOR_MESSAGE });
    expect((await readLog({ query: '?limit=0' })).statusCode).toBe(422);
  });

  it('answers 403 to staff of the school and 404 to another school’s admin', async () => {
    expect((await readLog({ caller: cast.staff })).statusCode).toBe(403);
    const other = await t.app.inject({
      url: `/api/v1/schools/${schoolId()}/audit-log`,
      headers: as(cast.otherAdmin),
    });
    expect(other.statusCode).toBe(404);
  });

  it('has no route that changes or deletes an entry', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/v1/schools/${schoolId()}/audit-log`,
        headers: as(cast.admin),
      });
      expect(response.statusCode, method).toBe(404);
    }
  });
});
