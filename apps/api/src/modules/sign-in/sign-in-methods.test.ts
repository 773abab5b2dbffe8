import { type SchoolSignInMethods, SIGN_IN_MESSAGES } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, schoolSignInMethods, schools } from '../../db/schema.ts';
import { as, seedCast } from '../../test/school-fixture.ts';
import { seededOnce, useTestApp } from '../../test/use-test-app.ts';
import { createSignInTestApp } from './sign-in-test-app.ts';

const t = useTestApp(createSignInTestApp);
const cast = seededOnce(() => seedCast(t));

const url = (schoolId = cast.admin.school.id) => `/api/v1/schools/${schoolId}/sign-in-methods`;
const ALL_ON: SchoolSignInMethods = {
  providers: [
    { id: 'google', enabled: true, restriction: null },
    { id: 'microsoft', enabled: true, restriction: null },
    { id: 'oidc', enabled: true, restriction: null },
  ],
  district_only: false,
};

function put(body: unknown, caller = cast.admin) {
  return t.app.inject({ method: 'PUT', url: url(), headers: as(caller), payload: body as object });
}

async function stored() {
  const rows = await t.db
    .select()
    .from(schoolSignInMethods)
    .where(eq(schoolSignInMethods.schoolId, cast.admin.school.id));
  const [school] = await t.db
    .select({ districtOnly: schools.districtSignInOnly })
    .from(schools)
    .where(eq(schools.id, cast.admin.school.id));
  return { rows: rows.length, districtOnly: school?.districtOnly };
}

describe('GET /schools/{id}/sign-in-methods', () => {
  it('lists every configured provider, on and unnarrowed until the school says otherwise', async () => {
    const response = await t.app.inject({ url: url(), headers: as(cast.admin) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(ALL_ON);
  });

  it('is for the school’s admins: staff 403, another school’s admin 404', async () => {
    expect((await t.app.inject({ url: url(), headers: as(cast.staff) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: url(), headers: as(cast.otherAdmin) })).statusCode).toBe(404);
    expect((await put(ALL_ON, cast.staff)).statusCode).toBe(403);
  });
});

describe('PUT /schools/{id}/sign-in-methods', () => {
  it('refuses what the page cannot mean, writing nothing', async () => {
    const before = await stored();
    const cases: [unknown, string][] = [
      [
        { ...ALL_ON, providers: [{ id: 'clever', enabled: true, restriction: null }] },
        SIGN_IN_MESSAGES.providerNotConfigured,
      ],
      [
        { ...ALL_ON, providers: [{ id: 'oidc', enabled: true, restriction: 'lincoln.example' }] },
        SIGN_IN_MESSAGES.providerNotNarrowed,
      ],
      [
        { ...ALL_ON, providers: [ALL_ON.providers[0], ALL_ON.providers[0]] },
        SIGN_IN_MESSAGES.providerListedTwice,
      ],
      [
        {
          providers: ALL_ON.providers.map((method) => ({ ...method, enabled: false })),
          district_only: true,
        },
        SIGN_IN_MESSAGES.districtOnlyNeedsProvider,
      ],
    ];
    for (const [body, error] of cases) {
      const response = await put(body);
      expect([response.statusCode, response.json()]).toEqual([422, { error }]);
    }
    expect(await stored()).toEqual(before);
  });

  it('saves the providers and district sign-in only together, logged once', async () => {
    const body: SchoolSignInMethods = {
      providers: [
        { id: 'google', enabled: true, restriction: 'lincoln.example' },
        { id: 'microsoft', enabled: false, restriction: null },
      ],
      district_only: true,
    };
    const response = await put(body);
    expect(response.statusCode, response.body).toBe(200);
    const saved = {
      providers: [...body.providers, { id: 'oidc', enabled: true, restriction: null }],
      district_only: true,
    };
    expect(response.json()).toEqual(saved);
    expect((await t.app.inject({ url: url(), headers: as(cast.admin) })).json()).toEqual(saved);
    const entries = await t.db
      .select({ actor: auditLog.actorUserId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'sign_in_methods.update'),
          eq(auditLog.schoolId, cast.admin.school.id),
        ),
      );
    expect(entries).toEqual([{ actor: cast.admin.id }]);

    // Turning off the last provider left on, with district sign-in only still on: refused.
    const lastOff = await put({
      providers: [
        { id: 'google', enabled: false, restriction: null },
        { id: 'oidc', enabled: false, restriction: null },
      ],
      district_only: true,
    });
    expect(lastOff.statusCode).toBe(422);
    expect((await put(ALL_ON)).json()).toEqual(ALL_ON);
  });

  it('leaves the other school alone', async () => {
    const other = await t.app.inject({
      url: url(cast.otherAdmin.school.id),
      headers: as(cast.otherAdmin),
    });
    expect(other.json()).toEqual(ALL_ON);
  });
});
