import {
  addDays,
  INVALID_CURSOR_MESSAGE,
  nextPageLink,
  PEOPLE_SORT_KEYS,
  type PointsListEntry,
  type SessionRecord,
  SORT_DIRECTIONS,
} from '@wellbank/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { semesters, userRoles, users } from '../../db/schema.ts';
import { tableFingerprint } from '../../security/table-fingerprint.ts';
import { signUpSchool } from '../../test/fixtures.ts';
import { as, CAST_ROLES, type SchoolCast, seedCast, seedDay } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { encodeCursor } from './points-cursor.ts';

/**
 * GET /schools/{id}/students and /staff a page at a time (README.md beside this file):
 * the orders of SPEC.md §9, keyset pages that join up, the headers and the refusals.
 */
const t = useTestApp();
let cast: SchoolCast;
let intervalStart = '';
const schoolId = () => cast.admin.school.id;

interface Person {
  first: string;
  last: string;
  points: number;
  /** Minutes after the active interval's first noon; null: never logged. */
  minutes: number | null;
}

/** Inserted directly: the sign-up route is tested elsewhere and hashes a password per call. */
async function addPerson(role: 'student' | 'staff', person: Person): Promise<number> {
  const [row] = await t.db
    .insert(users)
    .values({
      schoolId: schoolId(),
      firstName: person.first,
      lastName: person.last,
      email: `${person.first}.${person.last}.${Math.random()}@lists.example`,
      passwordHash: 'not-a-hash',
      points: person.points,
      closedPoints: person.points,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user inserted');
  await t.db.insert(userRoles).values({ userId: row.id, role });
  if (person.minutes !== null) {
    await seedDay(t, { userId: row.id, schoolId: schoolId(), date: intervalStart });
    await t.db.execute(sql`update users set last_activity_logged_at =
      (${intervalStart}::date + time '12:00') at time zone 'America/Denver'
        + ${person.minutes} * interval '1 minute' where id = ${row.id}`);
  }
  return row.id;
}

const STUDENTS: Person[] = [
  { first: 'Zoe', last: 'Brown', points: 10, minutes: 5 },
  { first: 'ava', last: 'Lee', points: 30, minutes: 1 },
  { first: 'Ava', last: 'Lee', points: 20, minutes: 5 },
  { first: 'Ava', last: 'Adams', points: 20, minutes: 3 },
  { first: 'Élodie', last: 'Martin', points: 20, minutes: 2 },
  { first: 'Eve', last: 'Stone', points: 0, minutes: 4 },
  { first: 'Ben', last: 'Cole', points: -5, minutes: 5 },
  { first: 'Never', last: 'Logged', points: 0, minutes: null },
];
const ids: Record<string, number> = {};
const idOf = (first: string, last: string) => ids[`${first} ${last}`] ?? 0;

beforeAll(async () => {
  cast = await seedCast(t);
  const [active] = await t.db
    .select({ start: semesters.startDate })
    .from(semesters)
    .where(and(eq(semesters.schoolId, schoolId()), eq(semesters.isActive, true)));
  intervalStart = active?.start ?? '';
  for (const person of STUDENTS)
    ids[`${person.first} ${person.last}`] = await addPerson('student', person);
  ids['Ola Vance'] = await addPerson('staff', {
    first: 'Ola',
    last: 'Vance',
    points: 7,
    minutes: 2,
  });
});

async function get(url: string, caller: SessionRecord = cast.admin) {
  return t.app.inject({ url: `/api/v1${url}`, headers: as(caller) });
}

async function page(list: 'students' | 'staff', query: string) {
  const response = await get(`/schools/${schoolId()}/${list}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const idsOf = (response: { json(): unknown }) =>
  (response.json() as PointsListEntry[]).map((person) => person.id);

describe('orders (SPEC.md §9 Lists)', () => {
  it('sorts by first name A→Z by default, equal names by last name then id, accents folded', async () => {
    const expected = [
      idOf('Ava', 'Adams'),
      idOf('ava', 'Lee'),
      idOf('Ava', 'Lee'),
      idOf('Ben', 'Cole'),
      idOf('Élodie', 'Martin'),
      idOf('Eve', 'Stone'),
      idOf('Zoe', 'Brown'),
    ];
    expect(idsOf(await page('students', ''))).toEqual(expected);
    expect(idsOf(await page('students', 'sort=first_name&order=desc'))).toEqual(
      [...expected].reverse(),
    );
  });

  it('sorts by points both ways, equal points A→Z', async () => {
    const tiedAt20 = [idOf('Ava', 'Adams'), idOf('Ava', 'Lee'), idOf('Élodie', 'Martin')];
    expect(idsOf(await page('students', 'sort=points&order=desc'))).toEqual([
      idOf('ava', 'Lee'),
      ...tiedAt20,
      idOf('Zoe', 'Brown'),
      idOf('Eve', 'Stone'),
      idOf('Ben', 'Cole'),
    ]);
    expect(idsOf(await page('students', 'sort=points&order=asc'))).toEqual([
      idOf('Ben', 'Cole'),
      idOf('Eve', 'Stone'),
      idOf('Zoe', 'Brown'),
      ...tiedAt20,
      idOf('ava', 'Lee'),
    ]);
  });

  it('sorts by last activity both ways, equal times A→Z', async () => {
    const atFive = [idOf('Ava', 'Lee'), idOf('Ben', 'Cole'), idOf('Zoe', 'Brown')];
    const older = [
      idOf('Eve', 'Stone'),
      idOf('Ava', 'Adams'),
      idOf('Élodie', 'Martin'),
      idOf('ava', 'Lee'),
    ];
    expect(idsOf(await page('students', 'sort=last_activity&order=desc'))).toEqual([
      ...atFive,
      ...older,
    ]);
    expect(idsOf(await page('students', 'sort=last_activity&order=asc'))).toEqual([
      ...[...older].reverse(),
      ...atFive,
    ]);
  });

  it('puts staff who never logged last, whichever way last activity is sorted', async () => {
    const [coordinator, staff, ola] = [cast.admin.id, cast.staff.id, idOf('Ola', 'Vance')];
    // The coordinator and the cast's staff member have never logged; the name order ranks them.
    expect(idsOf(await page('staff', 'sort=last_activity&order=desc'))).toEqual([
      ola,
      coordinator,
      staff,
    ]);
    expect(idsOf(await page('staff', 'sort=last_activity&order=asc'))).toEqual([
      ola,
      coordinator,
      staff,
    ]);
  });
});

describe('pages', () => {
  it('join up in every order: no row twice, none missing, the same total on each page', async () => {
    for (const list of ['students', 'staff'] as const) {
      for (const sort of PEOPLE_SORT_KEYS) {
        for (const order of SORT_DIRECTIONS) {
          const query = `sort=${sort}&order=${order}`;
          const whole = await page(list, `${query}&limit=500`);
          const walked: number[] = [];
          let next: string | undefined = `/api/v1/schools/${schoolId()}/${list}?${query}&limit=2`;
          while (next) {
            const response = await t.app.inject({ url: next, headers: as(cast.admin) });
            expect(response.statusCode, `${next}: ${response.body}`).toBe(200);
            expect(response.headers['x-total-count']).toBe(String(idsOf(whole).length));
            walked.push(...idsOf(response));
            next = nextPageLink(response.headers.link as string | undefined);
          }
          expect(walked, `${list} ${query}`).toEqual(idsOf(whole));
        }
      }
    }
  });

  it('link the next page with the same sort, order and limit, and none after the last', async () => {
    const first = await page('students', 'sort=points&order=desc&limit=5');
    expect(first.headers['x-total-count']).toBe('7');
    const link = nextPageLink(first.headers.link as string);
    expect(first.headers.link).toBe(`<${link}>; rel="next"`);
    expect(link).toMatch(
      new RegExp(
        `^/api/v1/schools/${schoolId()}/students\\?sort=points&order=desc&limit=5&cursor=[\\w-]+$`,
      ),
    );
    const second = await t.app.inject({ url: link ?? '', headers: as(cast.admin) });
    expect(idsOf(second)).toHaveLength(2);
    expect(second.headers.link).toBeUndefined();
    // A page that fills exactly does not point at an empty one.
    expect((await page('students', 'limit=7')).headers.link).toBeUndefined();
  });

  it('accepts limits from 1 to 500 and defaults to 100', async () => {
    expect(idsOf(await page('students', 'limit=1'))).toEqual([idOf('Ava', 'Adams')]);
    expect(idsOf(await page('students', 'limit=500'))).toHaveLength(7);
    expect(idsOf(await page('students', ''))).toHaveLength(7);
  });

  it('is an empty page and a total of 0 when the school has no active interval', async () => {
    const other = await signUpSchool(t.app);
    await t.db
      .update(semesters)
      .set({ isActive: false })
      .where(eq(semesters.schoolId, other.school.id));
    const response = await get(`/schools/${other.school.id}/students`, other);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });
});

describe('refusals', () => {
  const pointsCursor = () =>
    encodeCursor(
      { key: 'points', direction: 'desc' },
      { id: 1, firstName: 'Ava', lastName: 'Lee', value: 20 },
    );
  const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    ['sort=email', 'sort must be one of first_name, points, last_activity'],
    ['order=up', 'order must be asc or desc'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=501', 'limit must be at most 500'],
    ['limit=ten', 'limit must be a number'],
    ['limit=1.5', 'limit must be a whole number'],
    ['cursor=%21%21', INVALID_CURSOR_MESSAGE],
    ['cursor=bm90IGpzb24', INVALID_CURSOR_MESSAGE],
    [`cursor=${base64({ id: 1 })}`, INVALID_CURSOR_MESSAGE],
    [`cursor=${base64(['points', 'desc', 1e12, 'A', 'B', 1])}`, INVALID_CURSOR_MESSAGE],
    [`cursor=${base64(['points', 'desc', 1, 'A', 'B', 'ten'])}`, INVALID_CURSOR_MESSAGE],
    [
      `cursor=${base64(['last_activity', 'asc', 1, 'A', 'B', 'yesterday'])}`,
      INVALID_CURSOR_MESSAGE,
    ],
  ])('answers ?%s with 422 and its message, and writes nothing', async (query, message) => {
    const before = await tableFingerprint(t.db);
    const response = await get(`/schools/${schoolId()}/students?${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: message });
    expect(await tableFingerprint(t.db)).toEqual(before);
  });

  it('refuses a cursor of another order (422): it is no position in this one', async () => {
    const url = (query: string) => `/schools/${schoolId()}/students?${query}`;
    for (const query of ['', 'sort=points', 'sort=points&order=asc']) {
      const response = await get(url(`${query}&cursor=${pointsCursor()}`));
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toEqual({ error: INVALID_CURSOR_MESSAGE });
    }
    const right = await get(url(`sort=points&order=desc&cursor=${pointsCursor()}`));
    expect(right.statusCode).toBe(200);
  });

  it('keeps the permissions whatever the query: staff and admins, other schools not found', async () => {
    const query = `sort=points&order=desc&limit=1&cursor=${pointsCursor()}`;
    const statuses: Record<string, Record<string, number>> = { students: {}, staff: {} };
    for (const list of ['students', 'staff'] as const) {
      for (const role of CAST_ROLES) {
        const response = await get(`/schools/${schoolId()}/${list}?${query}`, cast[role]);
        (statuses[list] as Record<string, number>)[role] = response.statusCode;
      }
    }
    expect(statuses).toEqual({
      students: { admin: 200, staff: 200, student: 403, community: 403, otherAdmin: 404 },
      staff: { admin: 200, staff: 403, student: 403, community: 403, otherAdmin: 404 },
    });
  });
});

describe('active students (DESIGN.md §1.5)', () => {
  it('counts a day inside an interval that has ended, even after logging again since', async () => {
    const today = intervalStart;
    const ended = { start: addDays(today, -30), end: addDays(today, -10) };
    await t.db.update(semesters).set({ isActive: false }).where(eq(semesters.schoolId, schoolId()));
    const [interval] = await t.db
      .insert(semesters)
      .values({
        schoolId: schoolId(),
        startDate: ended.start,
        endDate: ended.end,
        pointsNeeded: 10,
      })
      .returning({ id: semesters.id });
    await t.db
      .update(semesters)
      .set({ isActive: true })
      .where(eq(semesters.id, interval?.id ?? 0));
    const day = (userId: number, date: string) =>
      seedDay(t, { userId, schoolId: schoolId(), date });
    const [inside, since, both] = [
      await addPerson('student', { first: 'In', last: 'Side', points: 0, minutes: null }),
      await addPerson('student', { first: 'Only', last: 'Since', points: 0, minutes: null }),
      await addPerson('student', { first: 'Both', last: 'Ways', points: 0, minutes: null }),
    ];
    await day(inside, addDays(today, -20));
    await day(since, today);
    await day(both, addDays(today, -20));
    await day(both, today);
    const response = await page('students', '');
    expect(idsOf(response)).toEqual([both, inside]);
    expect(response.headers['x-total-count']).toBe('2');
  });
});
