import {
  type LinkedChild,
  type SessionRecord,
  STRESS_CHOICE_MESSAGES,
  STRESS_NOTICE_VERSION,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, consents } from '../../db/schema.ts';
import { activityCalls } from '../../test/activity-calls.ts';
import { familyCodeOf, signUpGuardian } from '../../test/family-fixture.ts';
import { joinSchool } from '../../test/fixtures.ts';
import { as, type SchoolCast, seedCast } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/*
 * Issue 36 §3 (decision 0073): a guardian opts their own child out of the stress check-in, and
 * back in; the choice joins the child's school's consent record and activity log.
 */

const t = useTestApp();
let cast: SchoolCast;
beforeAll(async () => {
  cast = await seedCast(t);
});

const RATED = { people: 3, money: 2, personal: 4, clock: 1, health: 5 };

function setOptOut(
  guardian: SessionRecord,
  childId: number,
  body: Record<string, unknown> = { opted_out: true, notice_version: STRESS_NOTICE_VERSION },
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/family/children/${childId}/stress-opt-out`,
    headers: as(guardian),
    payload: body,
  });
}

async function childWithGuardian() {
  const child = await joinSchool(t.app, cast.admin.school.id);
  const guardian = await signUpGuardian(t, await familyCodeOf(t, cast.staff, child.id));
  return { child, guardian };
}

async function childrenOf(guardian: SessionRecord): Promise<LinkedChild[]> {
  const response = await t.app.inject({ url: '/api/v1/family/children', headers: as(guardian) });
  return response.json();
}

describe("a guardian's choice about the stress question", () => {
  it('opts their child out and back in, recorded in the school with the guardian as who', async () => {
    const { child, guardian } = await childWithGuardian();
    const calls = activityCalls(t, child.token);
    await calls.putOk('stress', RATED);

    const out = await setOptOut(guardian, child.id);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ user_id: child.id, opted_out: true });
    expect((await childrenOf(guardian))[0]?.stress_check_in).toEqual({
      school: true,
      opted_out: true,
    });
    const refused = await calls.put('stress', RATED);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: STRESS_CHOICE_MESSAGES.checkInOff });

    expect(
      (
        await setOptOut(guardian, child.id, {
          opted_out: false,
          notice_version: STRESS_NOTICE_VERSION,
        })
      ).statusCode,
    ).toBe(200);
    await calls.putOk('stress', RATED);

    const records = await t.db.select().from(consents).where(eq(consents.studentId, child.id));
    expect(records.map((row) => [row.kind, row.userId, row.schoolId])).toEqual([
      ['stress_opt_out', guardian.id, cast.admin.school.id],
      ['stress_opt_in', guardian.id, cast.admin.school.id],
    ]);
    const log = await t.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId, school: auditLog.schoolId })
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'user'), eq(auditLog.targetId, child.id)));
    expect(log.filter((entry) => entry.action.startsWith('stress.'))).toEqual([
      { action: 'stress.opt_out', actor: guardian.id, school: cast.admin.school.id },
      { action: 'stress.opt_in', actor: guardian.id, school: cast.admin.school.id },
    ]);
  });

  it('is only for their own children: another child, or theirs after unlinking, is 404', async () => {
    const { child, guardian } = await childWithGuardian();
    const other = await childWithGuardian();
    expect((await setOptOut(guardian, other.child.id)).statusCode).toBe(404);
    // A staff member is no guardian: refused by role first.
    expect((await setOptOut(cast.staff, child.id)).statusCode).toBe(403);
    const unlink = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/family/children/${child.id}`,
      headers: as(guardian),
    });
    expect(unlink.statusCode).toBe(204);
    expect((await setOptOut(guardian, child.id)).statusCode).toBe(404);
    const records = await t.db
      .select()
      .from(consents)
      .where(eq(consents.studentId, other.child.id));
    expect(records).toEqual([]);
  });

  it('refuses an old notice (409) and a bad body, writing nothing', async () => {
    const { child, guardian } = await childWithGuardian();
    const old = await setOptOut(guardian, child.id, {
      opted_out: true,
      notice_version: '2000-01-01',
    });
    expect(old.statusCode).toBe(409);
    const bad = await setOptOut(guardian, child.id, { opted_out: 'yes' });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json()).toHaveProperty('error');
    expect((await childrenOf(guardian))[0]?.stress_check_in.opted_out).toBe(false);
    expect(await t.db.select().from(consents).where(eq(consents.studentId, child.id))).toEqual([]);
  });
});
