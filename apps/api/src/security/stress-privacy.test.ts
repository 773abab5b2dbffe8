import {
  type AuditAction,
  addDays,
  localDate,
  type SessionRecord,
  spreadsheetDateTime,
} from '@wellbank/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classChallenges, schools, users } from '../db/schema.ts';
import { closeFinishedDays } from '../modules/points/closed-points.ts';
import { recomputeSchoolPoints } from '../modules/points/points.service.ts';
import { activityCalls } from '../test/activity-calls.ts';
import { familyCodeOf, signUpGuardian } from '../test/family-fixture.ts';
import { joinSchool } from '../test/fixtures.ts';
import { subscriptionPaymentId } from '../test/payment-calls.ts';
import { as, seedCast, seedDay } from '../test/school-fixture.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { listRoutes, routeKey } from './route-table.ts';

/**
 * Issue 31 §2, decision 0043: a child's stress is the child's own, also by subtraction. For each
 * person around a child (the school's admin, a staff member, a classmate, a family member on the
 * child's team, a guardian linked to the child) the test reads everything that person can read (every GET route, the list
 * orders, the CSV downloads, the school's ZIP file by file, the insights, the leaderboards, the
 * activity log), lets the child rate today's stress and change yesterday's, and reads it all
 * again: nothing differs, byte for byte. The child's own points did change (the control).
 */

/** GET routes nobody reads a child's figures through, and why. */
const EXEMPT: Record<string, string> = {
  'GET /openapi.json': 'the published contract',
  'GET /invitations/{}': "a roster invitation, by its mailed token: the invited person's names",
  'GET /sign-in/providers': "the deployment's sign-in providers: ids and names",
  'GET /sign-in/oidc/{}': 'a redirect to the district provider; no data',
  'GET /sign-in/oidc/{}/callback': 'a redirect to the sign-in page with a ticket; no data',
  'GET /local-checkout/{}': "the test checkout's page, by its random id: an amount to pay",
  'GET /schools': 'the public lookup by code: id and name; its rate limit would be all that moves',
  'GET /class-codes/{}':
    "a class code's children: first names, initials and pictures, no figures (decision 0064)",
  'GET /teams': "the public lookup by captain's e-mail: id and name, rate limited as above",
  'GET @/healthz': 'liveness; no data',
  'GET @/readyz': 'readiness; no data',
  'GET @/metrics': "request counts by route template, the operator's, with its own token",
};

/** The child's homeroom, whose class cards the readers read. */
const CHILD_HOMEROOM = 'K-1';

/** Each list is read in every order a screen offers, since an order can move with a figure. */
const LIST_ORDERS = [
  '',
  '?sort=points&order=desc',
  '?sort=points&order=asc',
  '?sort=last_activity&order=desc',
  '?sort=first_name&order=desc',
];

interface Scene {
  schoolId: number;
  /** The child's yesterday (school calendar), whose stress the child changes. */
  yesterday: string;
  child: SessionRecord;
  teamId: number;
  paymentId: number;
  /** A class code open for the child's homeroom, whose meter a class check-in reads. */
  classCode: string;
}

/** Opens a class code for a homeroom, as staff do (decision 0064). */
async function openHomeroomCode(t: TestApp, staff: SessionRecord, homeroom: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${staff.school.id}/class-codes`,
    headers: as(staff),
    payload: { homeroom },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { code: string }).code;
}

/** Every read of the route list, as `reader` makes it; a route not placed fails the suite. */
function readsOf(route: string, scene: Scene, reader: SessionRecord): string[] {
  const school = (path: string) => `/api/v1/schools/${scene.schoolId}${path}`;
  const self = (path: string) => `/api/v1/users/${reader.id}${path}`;
  const table: Record<string, string[]> = {
    'GET /activities': ['/api/v1/activities'],
    'GET /piggy-banks': ['/api/v1/piggy-banks'],
    'GET /push/vapid-public-key': ['/api/v1/push/vapid-public-key'],
    'GET /schools/me': ['/api/v1/schools/me'],
    'GET /schools/{}': [school('')],
    'GET /schools/{}/audit-log': [school('/audit-log?limit=500')],
    // The child's homeroom's class cards: names, pictures and secret pictures, no figures.
    'GET /schools/{}/class-cards': [school(`/class-cards?homeroom=${CHILD_HOMEROOM}`)],
    // Every student's name and homeroom, no figures.
    'GET /schools/{}/class-students': [school('/class-students')],
    'GET /schools/{}/badges': [school('/badges?homeroom=Room%201')],
    'GET /schools/{}/homerooms': [school('/homerooms')],
    'GET /schools/{}/consents': [school('/consents')],
    'GET /schools/{}/duplicate-payments': [school('/duplicate-payments')],
    'GET /schools/{}/subscription': [school('/subscription')],
    'GET /schools/{}/payments': [school('/payments')],
    'GET /schools/{}/payments/{}/receipt': [school(`/payments/${scene.paymentId}/receipt`)],
    'GET /schools/{}/stress-check-in': [school('/stress-check-in')],
    // Only counsellors read it (none of these readers): who asked for a talk, never a rating.
    'GET /schools/{}/talk-requests': [school('/talk-requests')],
    'GET /schools/{}/export': [school('/export')],
    'GET /schools/{}/insights': [school('/insights')],
    // Pending invitations: names, e-mails, roles and dates, and the count of student places.
    'GET /schools/{}/invitations': [school('/invitations')],
    'GET /schools/{}/semesters': [school('/semesters')],
    'GET /schools/{}/sign-in-methods': [school('/sign-in-methods')],
    'GET /schools/{}/staff': LIST_ORDERS.map((order) => school(`/staff${order}`)),
    'GET /schools/{}/staff.csv': LIST_ORDERS.map((order) => school(`/staff.csv${order}`)),
    'GET /schools/{}/students': LIST_ORDERS.map((order) => school(`/students${order}`)),
    'GET /schools/{}/students.csv': LIST_ORDERS.map((order) => school(`/students.csv${order}`)),
    'GET /schools/{}/teams': [school('/teams')],
    'GET /schools/{}/teams/ranking': [school('/teams/ranking')],
    'GET /schools/{}/users': [school('/users')],
    'GET /schools/{}/users.csv': [school('/users.csv')],
    'GET /snapshots/daily': ['/api/v1/snapshots/daily'],
    'GET /snapshots/weekly': ['/api/v1/snapshots/weekly'],
    'GET /subscriptions': ['/api/v1/subscriptions'],
    'GET /teams/me': ['/api/v1/teams/me'],
    // The team goal counts complete days only: a rating changes no day's completeness.
    'GET /teams/me/goal': ['/api/v1/teams/me/goal'],
    'GET /schools/{}/team-ranking': [school('/team-ranking')],
    'GET /schools/{}/holidays': [school('/holidays')],
    // The child's own streak; anyone else's id is refused.
    'GET /users/{}/streak': [self('/streak'), `/api/v1/users/${scene.child.id}/streak`],
    'GET /teams/{}': [`/api/v1/teams/${scene.teamId}`],
    'GET /teams/{}/users': [`/api/v1/teams/${scene.teamId}/users`],
    // Their own record, and the child's (which must stay refused).
    'GET /users/{}': [self(''), `/api/v1/users/${scene.child.id}`],
    'GET /users/{}/export': [self('/export'), `/api/v1/users/${scene.child.id}/export`],
    'GET /users/{}/policy-consent': [self('/policy-consent')],
    'GET /users/{}/reminders': [self('/reminders')],
    'GET /users/{}/personal-badges': [
      self('/personal-badges'),
      `/api/v1/users/${scene.child.id}/personal-badges`,
    ],
    // The class meters (decision 0084): sums over the class's days of water and sleep, no stress.
    'GET /schools/{}/class-challenges': [school('/class-challenges')],
    'GET /users/{}/class-challenges': [
      self('/class-challenges'),
      `/api/v1/users/${scene.child.id}/class-challenges`,
    ],
    // The same homeroom meter by its class code (decision 0085), to whoever holds the code.
    'GET /class-codes/{}/class-challenges': [
      `/api/v1/class-codes/${scene.classCode}/class-challenges`,
    ],
    'GET /users/{}/sign-ins': [self('/sign-ins'), `/api/v1/users/${scene.child.id}/sign-ins`],
    'GET /family/children': ['/api/v1/family/children'],
    'GET /family/weekly-email': ['/api/v1/family/weekly-email'],
    // A guardian's view of the child (decision 0079): every figure before stress. Others: 403.
    'GET /family/children/{}/overview': [`/api/v1/family/children/${scene.child.id}/overview`],
    'GET /family/children/{}/days': [
      `/api/v1/family/children/${scene.child.id}/days`,
      `/api/v1/family/children/${scene.child.id}/days?date=${scene.yesterday}`,
    ],
    // A guardian's download of the child's data (decision 0081): no stress, balance or points.
    'GET /family/children/{}/export': [`/api/v1/family/children/${scene.child.id}/export`],
    'GET /family/deletion-requests': ['/api/v1/family/deletion-requests'],
    'GET /schools/{}/deletion-requests': [school('/deletion-requests')],
    'GET /users/{}/guardians': [self('/guardians'), `/api/v1/users/${scene.child.id}/guardians`],
  };
  const urls = table[route];
  if (!urls) throw new Error(`${route} is neither read nor exempt in stress-privacy.test.ts`);
  return urls;
}

/** The activity log's entries that the reads above write themselves: one per read. */
const READ_ACTIONS = new Set<string>([
  'view.student_points',
  'view.school_users',
  'view.team_members',
  'view.badges',
  'export.student_points',
  'export.school_users',
  'user.export',
  'school.export',
  'view.class_cards',
  'view.class_students',
] satisfies AuditAction[]);

/**
 * What a reader learns from one answer: status, the headers that carry data, and the body (each
 * file of a ZIP on its own). What the reads themselves write is left out, and only that: the
 * activity log's entries of the reads (READ_ACTIONS) and, in a person's own export, its time and
 * their sessions' last use.
 */
function learned(response: LightMyRequestResponse): string {
  const headers = ['content-type', 'content-disposition', 'x-total-count', 'link']
    .map((name) => `${name}: ${response.headers[name] ?? ''}`)
    .join('\n');
  const type = String(response.headers['content-type'] ?? '');
  let body: string;
  if (type.startsWith('application/zip')) {
    const files = unzipSync(new Uint8Array(response.rawPayload));
    body = Object.entries(files)
      .map(([name, bytes]) => `== ${name}\n${new TextDecoder().decode(bytes)}`)
      .join('\n');
  } else if (type.startsWith('application/json')) {
    body = JSON.stringify(withoutReadTraces(response.json()), null, 1);
  } else {
    body = response.body;
  }
  const isAuditLog = response.raw.req.url?.includes('/audit-log') ?? false;
  // The activity log's count grows by the reads' own entries.
  return `${response.statusCode}\n${isAuditLog ? '' : headers}\n${body}`;
}

function withoutReadTraces(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((item) => !(isRecord(item) && READ_ACTIONS.has(String(item.action))))
      .map(withoutReadTraces);
  }
  if (!isRecord(value)) return value;
  const { exported_at: _exported, last_used_at: _lastUsed, ...kept } = value;
  return Object.fromEntries(Object.entries(kept).map(([k, v]) => [k, withoutReadTraces(v)]));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

describe('a rating of stress changes nothing anyone else can read (decision 0043)', () => {
  let t: TestApp;
  let scene: Scene;
  let readers: Record<'admin' | 'staff' | 'classmate' | 'family' | 'guardian', SessionRecord>;
  let timeZone: string;

  beforeAll(async () => {
    t = await createTestApp();
    // A Wednesday, 13:00 at the school (America/Denver): no midnight falls inside the test.
    t.clock.set('2026-11-25T20:00:00Z');
    const cast = await seedCast(t);
    const schoolId = cast.admin.school.id;
    // A parent linked to the child by the family code (decision 0075).
    const guardian = await signUpGuardian(t, await familyCodeOf(t, cast.staff, cast.student.id));
    const classmate = await joinSchool(t.app, schoolId);
    const others = [classmate];
    for (let i = 0; i < 9; i++) others.push(await joinSchool(t.app, schoolId));
    const [school] = await t.db
      .select({ timeZone: schools.timeZone })
      .from(schools)
      .where(eq(schools.id, schoolId));
    timeZone = school?.timeZone ?? '';
    const today = localDate(t.clock.now(), timeZone);
    // An interval that began six weeks ago, with two closed weeks logged by all eleven students
    // (the insights show groups of ten or more) and today and yesterday by the ten others.
    await t.db.execute(
      sql`update semesters set start_date = start_date - 42 where school_id = ${schoolId}`,
    );
    const students = [cast.student, ...others];
    for (const [n, student] of students.entries()) {
      for (let ago = 16; ago >= 3; ago--) {
        const balanceCents = 150 + 25 * ((n + ago) % 9);
        await seedDay(t, {
          userId: student.id,
          schoolId,
          date: addDays(today, -ago),
          balanceCents,
        });
      }
    }
    for (const [n, student] of others.entries()) {
      for (const ago of [1, 0]) {
        const balanceCents = 200 + 25 * n;
        await seedDay(t, {
          userId: student.id,
          schoolId,
          date: addDays(today, -ago),
          balanceCents,
        });
      }
    }
    await recomputeSchoolPoints(t.db, schoolId);
    await closeFinishedDays(t.db, t.clock.now());
    // The child logs yesterday (stress too) and today (all but stress), last of everyone, ten
    // minutes after the accounts were made: the test masks the child's last activity wherever
    // its time appears, and a reader's own sign-up in the same second (or minute, in a CSV)
    // would be masked in one read and not in the other.
    t.clock.advance(10 * 60_000);
    await t.db.update(users).set({ homeroom: CHILD_HOMEROOM }).where(eq(users.id, cast.student.id));
    // The child and the classmate share a homeroom and a grade, each with a challenge running
    // since yesterday: the classmate reads the class meters (decision 0084).
    await t.db
      .update(users)
      .set({ grade: '3' })
      .where(inArray(users.id, [cast.student.id, classmate.id]));
    await t.db.update(users).set({ homeroom: CHILD_HOMEROOM }).where(eq(users.id, classmate.id));
    await t.db.insert(classChallenges).values(
      (['water_cups', 'sleep_nights'] as const).map((kind, i) => ({
        schoolId,
        kind,
        scope: i === 0 ? ('homeroom' as const) : ('grade' as const),
        className: i === 0 ? CHILD_HOMEROOM : '3',
        target: 50,
        startsOn: addDays(today, -1),
        endsOn: addDays(today, 5),
      })),
    );
    const child = activityCalls(t, cast.student.token);
    const yesterday = addDays(today, -1);
    await child.putOk('sleep', { minutes: 480 }, { date: yesterday });
    await child.putOk(
      'stress',
      { people: 1, money: 1, personal: 1, clock: 1, health: 1 },
      {
        date: yesterday,
      },
    );
    await child.putOk('sleep', { minutes: 540 });
    await child.putOk('water', { cups: 4, fruit: 1, vegetables: 1 });
    scene = {
      schoolId,
      yesterday,
      child: cast.student,
      teamId: cast.student.team_id ?? 0,
      paymentId: await subscriptionPaymentId(t, schoolId),
      classCode: await openHomeroomCode(t, cast.admin, CHILD_HOMEROOM),
    };
    readers = { admin: cast.admin, staff: cast.staff, classmate, family: cast.community, guardian };
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const routes = () =>
    listRoutes(t.app).filter((route) => route.startsWith('GET ') && !(route in EXEMPT));

  /** Everything each reader can read, by reader and URL. */
  async function readEverything(): Promise<Map<string, string>> {
    const seen = new Map<string, string>();
    for (const [name, reader] of Object.entries(readers)) {
      for (const route of routes()) {
        for (const url of readsOf(route, scene, reader)) {
          const response = await t.app.inject({ url, headers: as(reader) });
          seen.set(`${name} ${url}`, learned(response));
        }
      }
    }
    return seen;
  }

  /** The child's last activity as each answer writes it (JSON, the lists' CSV, the ZIP). */
  async function lastActivityTexts(): Promise<string[]> {
    const [row] = await t.db
      .select({ at: users.lastActivityLoggedAt })
      .from(users)
      .where(eq(users.id, scene.child.id));
    if (!row?.at) throw new Error('the child has logged');
    const iso = row.at.toISOString();
    return [iso, `${iso.slice(0, 19)}Z`, spreadsheetDateTime(row.at, timeZone) ?? ''];
  }

  it('places every GET route: read by the attacker, or exempt with a reason', () => {
    const exempt = Object.keys(EXEMPT).map(routeKey);
    for (const route of listRoutes(t.app).filter((r) => r.startsWith('GET '))) {
      if (exempt.includes(route)) continue;
      expect(() => readsOf(route, scene, readers.admin), route).not.toThrow();
    }
  });

  it("admin, staff, a classmate, a family member and a guardian read the same before and after the child's stress", async () => {
    const ownPoints = async () =>
      (
        await t.app.inject({ url: `/api/v1/users/${scene.child.id}`, headers: as(scene.child) })
      ).json().points as number;
    const before = await readEverything();
    // The reads see the figures (the test is not comparing refusals): the child's closed points
    // in the lists and on the team, the insights' weeks, the school's files.
    const seen = (key: string) => before.get(key) ?? '';
    const school = `/api/v1/schools/${scene.schoolId}`;
    expect(seen(`staff ${school}/students`)).toMatch(/^200\n/);
    expect(seen(`staff ${school}/students`)).toContain(`"id": ${scene.child.id}`);
    expect(seen(`staff ${school}/insights`)).toMatch(/"average_energy": \d/);
    expect(seen(`admin ${school}/export`)).toContain('== daily_summaries.csv');
    expect(seen(`family /api/v1/teams/${scene.teamId}/users`)).toMatch(/"points": [1-9]/);
    expect(seen('classmate /api/v1/schools/me')).toMatch(/^200\n/);
    // The guardian reads the child's days and progress, all before stress (decision 0079).
    for (const url of readsOf('GET /family/children/{}/days', scene, readers.guardian)) {
      expect(seen(`guardian ${url}`)).toMatch(/^200\n/);
      expect(seen(`guardian ${url}`)).toMatch(/"energy": \d/);
      expect(seen(`guardian ${url}`)).not.toMatch(/stress|"people"/i);
    }
    expect(seen(`guardian /api/v1/family/children/${scene.child.id}/overview`)).toMatch(/^200\n/);
    // The guardian's download of the child's data (decision 0081) holds the child's days.
    expect(seen(`guardian /api/v1/family/children/${scene.child.id}/export`)).toMatch(
      /^200\n[\s\S]*"energy"/,
    );
    const activityBefore = await lastActivityTexts();
    const pointsBefore = await ownPoints();

    const child = activityCalls(t, scene.child.token);
    await child.putOk('stress', { people: 5, money: 4, personal: 5, clock: 3, health: 4 });
    await child.putOk(
      'stress',
      { people: 5, money: 5, personal: 5, clock: 5, health: 5 },
      { date: addDays(localDate(t.clock.now(), timeZone), -1) },
    );
    // The control: the ratings cost the child points, which the child sees at once.
    expect(await ownPoints()).toBeLessThan(pointsBefore);

    const after = await readEverything();
    const activityAfter = await lastActivityTexts();
    // Accepted (decision 0043): "Last activity" tells that the child logged something, and when;
    // never what or how much. It is the one value allowed to move.
    const mask = (text: string, times: string[]) =>
      times.reduce((masked, time) => masked.replaceAll(time, '‹last activity›'), text);
    // Both times in both reads: an activity logged at the old last activity (the guardian's
    // download lists each activity's time) is not a change when last activity moves on.
    const times = [...activityBefore, ...activityAfter];
    const differing = [...after.keys()].filter(
      (key) => mask(after.get(key) ?? '', times) !== mask(before.get(key) ?? '', times),
    );
    expect(differing).toEqual([]);
    expect(after.size).toBe(before.size);
  }, 120_000);
});
