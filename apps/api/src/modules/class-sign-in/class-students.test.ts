import {
  CLASS_CODE_MAX_STUDENTS,
  LINK_HEADER,
  nextPageLink,
  type PickableStudent,
  type SessionRecord,
  TOTAL_COUNT_HEADER,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { joinSchool } from '../../test/fixtures.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';

/** GET /schools/{id}/class-students: the students staff pick a class code for (issue 34 §2). */
const t = useTestApp();

const cast = seededOnce(() => seedCast(t));

async function named(user: { id: number }, first: string, last: string, homeroom: string | null) {
  await t.db
    .update(users)
    .set({ firstName: first, lastName: last, homeroom })
    .where(eq(users.id, user.id));
}

const pupils = seededOnce(async () => {
  const school = cast.admin.school.id;
  await named(cast.student, 'Zoe', 'Adams', 'K-1');
  const ana = await joinSchool(t.app, school);
  await named(ana, 'Ana', 'García', 'K-2');
  const elodie = await joinSchool(t.app, school);
  await named(elodie, 'Élodie', 'Martin', null);
  const percent = await joinSchool(t.app, school);
  await named(percent, 'Ben', '100%', 'K-1');
  // Another school's student of the same name: never listed here.
  const foreign = await joinSchool(t.app, cast.otherAdmin.school.id);
  await named(foreign, 'Ana', 'García', 'K-2');
  return { ana, elodie, percent, foreign };
});

function read(query: string, caller: SessionRecord = cast.staff, school = cast.admin.school.id) {
  return t.app.inject({
    url: `/api/v1/schools/${school}/class-students${query}`,
    headers: as(caller),
  });
}

async function names(query: string): Promise<string[]> {
  const response = await read(query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as PickableStudent[]).map((s) => `${s.first_name} ${s.last_name}`);
}

describe('students to pick for a class code', () => {
  it('lists every student of the school by name with their homeroom, a page at a time', async () => {
    const first = await read('?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual([
      { id: pupils.ana.id, first_name: 'Ana', last_name: 'García', homeroom: 'K-2' },
      { id: pupils.percent.id, first_name: 'Ben', last_name: '100%', homeroom: 'K-1' },
    ]);
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe('4');
    const next = nextPageLink(String(first.headers[LINK_HEADER]));
    expect(next).toMatch(/^\/api\/v1\/schools\/\d+\/class-students\?limit=2&cursor=/);
    const second = await t.app.inject({ url: next ?? '', headers: as(cast.staff) });
    const rest = (second.json() as PickableStudent[]).map((s) => s.first_name);
    expect(rest).toEqual(['Élodie', 'Zoe']);
    expect(second.headers[LINK_HEADER]).toBeUndefined();
    // Staff, admins and family members are not students: they are never listed.
    expect(await names('')).toEqual(['Ana García', 'Ben 100%', 'Élodie Martin', 'Zoe Adams']);
  });

  it('finds names by any part, in any case and without accents; wildcards are literal', async () => {
    expect(await names('?q=garcia')).toEqual(['Ana García']);
    expect(await names('?q=ANA%20G')).toEqual(['Ana García']);
    expect(await names('?q=elod')).toEqual(['Élodie Martin']);
    expect(await names('?q=tin')).toEqual(['Élodie Martin']);
    expect(await names('?q=%25')).toEqual(['Ben 100%']);
    expect(await names('?q=_')).toEqual([]);
    expect(await names('?q=%20%20')).toEqual([
      'Ana García',
      'Ben 100%',
      'Élodie Martin',
      'Zoe Adams',
    ]);
    const paged = await read('?q=ar&limit=1');
    expect(paged.headers[TOTAL_COUNT_HEADER]).toBe('2');
    expect(nextPageLink(String(paged.headers[LINK_HEADER]))).toContain('q=ar&limit=1&cursor=');
  });

  it('is for the school’s staff and admins, each page read logged', async () => {
    expect((await read('', cast.admin)).statusCode).toBe(200);
    expect((await read('', cast.student)).statusCode).toBe(403);
    expect((await read('', cast.community)).statusCode).toBe(403);
    expect((await read('', cast.otherAdmin)).statusCode).toBe(404);
    const before = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'view.class_students'), eq(auditLog.actorUserId, cast.staff.id)),
      );
    await read('?q=ana');
    const after = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'view.class_students'), eq(auditLog.actorUserId, cast.staff.id)),
      );
    expect(after.length).toBe(before.length + 1);
  });

  it('refuses a search too long or with control characters, and too many students picked', async () => {
    expect((await read(`?q=${'a'.repeat(102)}`)).statusCode).toBe(422);
    expect((await read('?q=a%07')).statusCode).toBe(422);
    const tooMany = Array.from({ length: CLASS_CODE_MAX_STUDENTS + 1 }, (_, i) => i + 1);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${cast.admin.school.id}/class-codes`,
      headers: as(cast.staff),
      payload: { user_ids: tooMany },
    });
    expect(opened.statusCode).toBe(422);
    expect(opened.json()).toHaveProperty('error');
  });
});
