import {
  INVALID_CURSOR_MESSAGE,
  nextPageLink,
  type SchoolUser,
  type SessionRecord,
} from '@wellbank/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../db/schema.ts';
import { tableFingerprint } from '../../security/table-fingerprint.ts';
import { as, CAST_ROLES, type SchoolCast, seedCast } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { encodeCursor } from './points-cursor.ts';

/**
 * GET /schools/{id}/users a page at a time (README.md beside this file): staff and
 * students by name, keyset pages that join up, the headers and the refusals.
 */
const t = useTestApp();
let cast: SchoolCast;
const schoolId = () => cast.admin.school.id;
const ids: Record<string, number> = {};

/** Inserted directly: the sign-up route is tested elsewhere and hashes a password per call. */
async function addPerson(first: string, last: string, role: 'student' | 'staff' | null) {
  const [row] = await t.db
    .insert(users)
    .values({
      schoolId: schoolId(),
      firstName: first,
      lastName: last,
      email: `${first}.${last}.${Math.random()}@users.example`,
      passwordHash: 'not-a-hash',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user inserted');
  if (role) await t.db.insert(userRoles).values({ userId: row.id, role });
  ids[`${first} ${last}`] = row.id;
}

beforeAll(async () => {
  cast = await seedCast(t);
  await addPerson('Zoe', 'Brown', 'student');
  await addPerson('ava', 'Lee', 'staff');
  await addPerson('Ava', 'Lee', 'student');
  await addPerson('Ava', 'Adams', 'student');
  await addPerson('Élodie', 'Martin', 'staff');
  await addPerson('Eve', 'Stone', 'student');
  await addPerson('Aaron', 'Nobody', null); // in the school with no staff or student role
});

async function get(query: string, caller: SessionRecord = cast.admin) {
  return t.app.inject({ url: `/api/v1/schools/${schoolId()}/users?${query}`, headers: as(caller) });
}

async function page(query: string) {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const idsOf = (response: { json(): unknown }) =>
  (response.json() as SchoolUser[]).map((person) => person.id);

/** The cast's school: Carla the coordinator, Sam staff and Sam student besides the people above. */
const expectedOrder = () => [
  ids['Ava Adams'],
  ids['ava Lee'],
  ids['Ava Lee'],
  cast.admin.id,
  ids['Élodie Martin'],
  ids['Eve Stone'],
  ...[cast.staff.id, cast.student.id].sort((a, b) => a - b),
  ids['Zoe Brown'],
];

describe('GET /schools/{id}/users pages', () => {
  it('sorts staff and students by first name, last name and id, accents folded', async () => {
    const response = await page('');
    expect(idsOf(response)).toEqual(expectedOrder());
    expect(response.headers['x-total-count']).toBe('9');
    expect(response.headers.link).toBeUndefined();
  });

  it('join up: no row twice, none missing, the same total on each page', async () => {
    for (const limit of [1, 2, 4]) {
      const walked: number[] = [];
      let next: string | undefined = `/api/v1/schools/${schoolId()}/users?limit=${limit}`;
      let pages = 0;
      while (next) {
        const response = await t.app.inject({ url: next, headers: as(cast.admin) });
        expect(response.statusCode, `${next}: ${response.body}`).toBe(200);
        expect(response.headers['x-total-count']).toBe('9');
        expect(idsOf(response).length).toBeLessThanOrEqual(limit);
        walked.push(...idsOf(response));
        next = nextPageLink(response.headers.link as string | undefined);
        pages++;
      }
      expect(walked, `limit ${limit}`).toEqual(expectedOrder());
      expect(pages).toBe(Math.ceil(9 / limit));
    }
  });

  it('links the next page with the same limit, and none after the last', async () => {
    const first = await page('limit=5');
    const link = nextPageLink(first.headers.link as string);
    expect(first.headers.link).toBe(`<${link}>; rel="next"`);
    expect(link).toMatch(
      new RegExp(`^/api/v1/schools/${schoolId()}/users\\?limit=5&cursor=[\\w-]+$`),
    );
    const second = await t.app.inject({ url: link ?? '', headers: as(cast.admin) });
    expect(idsOf(second)).toHaveLength(4);
    expect(second.headers.link).toBeUndefined();
    // A page that fills exactly does not point at an empty one.
    expect((await page('limit=9')).headers.link).toBeUndefined();
  });

  it('accepts limits from 1 to 500', async () => {
    expect(idsOf(await page('limit=1'))).toEqual([ids['Ava Adams']]);
    expect(idsOf(await page('limit=500'))).toHaveLength(9);
  });

  it('keeps each row whole: the staff or student role and the team size', async () => {
    const list = (await page('')).json() as SchoolUser[];
    const ava = list.find((u) => u.id === ids['ava Lee']);
    expect(ava?.user_school_roles).toEqual([{ role: { name: 'staff' } }]);
    expect(ava?.team_size).toBe(0);
  });
});

describe('GET /schools/{id}/users refusals', () => {
  const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const pointsCursor = encodeCursor(
    { key: 'points', direction: 'desc' },
    { id: 1, firstName: 'Ava', lastName: 'Lee', value: 20 },
  );

  it.each([
    // The other limit messages are the points lists' (one schema): points-lists.test.ts.
    ['limit=0', 'limit must be at least 1'],
    ['limit=501', 'limit must be at most 500'],
    ['cursor=%21%21', INVALID_CURSOR_MESSAGE],
    ['cursor=bm90IGpzb24', INVALID_CURSOR_MESSAGE],
    [`cursor=${base64({ id: 1 })}`, INVALID_CURSOR_MESSAGE],
    [`cursor=${base64(['first_name', 'asc', 1e12, 'A', 'B', null])}`, INVALID_CURSOR_MESSAGE],
    [`cursor=${base64(['first_name', 'desc', 1, 'A', 'B', null])}`, INVALID_CURSOR_MESSAGE],
    [`cursor=${pointsCursor}`, INVALID_CURSOR_MESSAGE],
  ])('answers ?%s with 422 and its message, and writes nothing', async (query, message) => {
    const before = await tableFingerprint(t.db);
    const response = await get(query);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: message });
    expect(await tableFingerprint(t.db)).toEqual(before);
  });

  it('keeps the permissions whatever the query: admins only, other schools not found', async () => {
    const cursor = encodeCursor(
      { key: 'first_name', direction: 'asc' },
      { id: 1, firstName: 'Ava', lastName: 'Lee', value: null },
    );
    const statuses: Record<string, number> = {};
    for (const role of CAST_ROLES) {
      statuses[role] = (await get(`limit=1&cursor=${cursor}`, cast[role])).statusCode;
    }
    expect(statuses).toEqual({
      admin: 200,
      staff: 403,
      student: 403,
      community: 403,
      otherAdmin: 404,
    });
  });
});
