import {
  addDays,
  DEFAULT_TIME_ZONE,
  localDate,
  MESSAGES,
  POLICY_VERSION,
  type SessionRecord,
  STRESS_NOTICE_VERSION,
} from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classChallenges, personalBadges, secretPictures, userIdentities } from '../db/schema.ts';
import { encodeAuditCursor } from '../modules/audit-log/audit-log.service.ts';
import { encodeCursor } from '../modules/school-users/points-cursor.ts';
import { schoolCodeOf, schoolSignupBody, userSignupBody } from '../test/fixtures.ts';
import { weekdayAhead } from '../test/holidays.ts';
import { paidCheckoutId, subscriptionPaymentId } from '../test/payment-calls.ts';
import { browserKeys } from '../test/push-service.ts';
import {
  as,
  CAST_ROLES,
  captainEmailOf,
  type SchoolCast,
  seedCast,
  seedDay,
} from '../test/school-fixture.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { replaySeed } from '../test/test-env.ts';
import {
  type Json,
  madeUpAuthorization,
  malformedJsonText,
  mutatedFrom,
  pathSegment,
  queryString,
} from './bad-input-arbitraries.ts';
import { listRoutes, type Route, routeKey, routeMethod, routeUrl } from './route-table.ts';
import { tableFingerprint } from './table-fingerprint.ts';

/**
 * DESIGN.md §2: whatever a client sends, the answer is never a 5xx, a refusal is `{error}`, and a
 * refused request writes nothing. Every route gets generated bad requests built from a valid one.
 * The seed is printed; `FC_SEED=<seed>` replays a run.
 */
const SEED = Number(replaySeed() ?? Math.floor(Math.random() * 2 ** 31));
const RUNS_PER_ROUTE = 50;
const TOKEN_RUNS = 200;

interface ValidRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  payload?: Json;
}

let t: TestApp;
let cast: SchoolCast;
const checkouts = {
  subscription: '',
  /** The school's subscription payment, whose receipt a valid request downloads. */
  paymentId: 0,
  donation: '',
  semesterId: 0,
  loggedSemesterId: 0,
  captainEmail: '',
  unsubscribeToken: '',
  /** A class code of the cast's student, and one a valid request may close. */
  classCode: '',
  closableClassCode: '',
  secretPictures: [] as string[],
  /** A class challenge of the cast's school, which a valid request may end (decision 0084). */
  challengeId: 0,
};

/** The order of a points list's CSV: the list's own parameters, without a page. */
const CSV_ORDER = { sort: 'points', order: 'desc' };
/** A browser's push subscription, on a push service the server accepts. */
const PUSH_SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/bad-input',
  expirationTime: null,
  keys: browserKeys().json,
};
let revokedToken = '';
let casesRun = 0;

/** A next page of a paged list, so that its every parameter, the cursor too, gets broken. */
const LIST_PAGE = {
  sort: 'points',
  order: 'desc',
  limit: '2',
  grade: '5',
  homeroom: 'Room 1',
  cursor: encodeCursor(
    { key: 'points', direction: 'desc' },
    { id: 1, firstName: 'Ava', lastName: 'Lee', value: 20 },
  ),
};

/** A next page of the Staff & students list: no order to ask for, the name order's cursor. */
const USERS_PAGE = {
  limit: '2',
  cursor: encodeCursor(
    { key: 'first_name', direction: 'asc' },
    { id: 1, firstName: 'Ava', lastName: 'Lee', value: null },
  ),
};

const AUDIT_PAGE = { limit: '2', cursor: encodeAuditCursor(1_000_000) };

/** A valid request of each route, for the caller; the generated cases break it. */
const VALID: Array<[Route, (caller: SessionRecord) => ValidRequest]> = [
  [
    'POST /authentication/authenticate',
    (caller) => ({ payload: { email: caller.email, password: 'secret-pass' } }),
  ],
  ['POST /forgot-password', (caller) => ({ payload: { email: caller.email } })],
  [
    'POST /reset-password',
    (caller) => ({
      payload: {
        token: 'A'.repeat(43),
        email: caller.email,
        password: 'new-secret',
        password_confirmation: 'new-secret',
      },
    }),
  ],
  ['POST /signup', () => ({ payload: schoolSignupBody() })],
  ['GET /schools', () => ({ query: { code: 'ABC123' } })],
  ['GET /schools/me', () => ({})],
  ['GET /schools/{id}', (caller) => ({ params: { id: caller.school.id } })],
  [
    'POST /schools/{id}/users',
    (caller) => ({
      params: { id: caller.school.id },
      payload: { ...userSignupBody(), code: schoolCodeOf(caller.school.id) },
    }),
  ],
  [
    'GET /schools/{id}/users',
    (caller) => ({ params: { id: caller.school.id }, query: USERS_PAGE }),
  ],
  ['GET /schools/{id}/staff', (caller) => ({ params: { id: caller.school.id }, query: LIST_PAGE })],
  [
    'GET /schools/{id}/students',
    (caller) => ({ params: { id: caller.school.id }, query: LIST_PAGE }),
  ],
  [
    'PUT /schools/{schoolId}/users/{userId}/roles/{role}',
    (caller) => ({
      params: { schoolId: caller.school.id, userId: cast.student.id, role: 'student' },
    }),
  ],
  [
    // The student is no staff: a valid request is refused (422), so the cast keeps its roles.
    'PUT /schools/{schoolId}/coordinators/{userId}',
    (caller) => ({ params: { schoolId: caller.school.id, userId: cast.student.id } }),
  ],
  [
    'DELETE /schools/{schoolId}/coordinators/{userId}',
    (caller) => ({ params: { schoolId: caller.school.id, userId: cast.student.id } }),
  ],
  [
    'PATCH /schools/{schoolId}/users/{userId}',
    (caller) => ({
      params: { schoolId: caller.school.id, userId: cast.student.id },
      payload: { grade: '4', homeroom: 'Room 1' },
    }),
  ],
  [
    // A JSON body is refused (422); the CSV's own bad input is in roster/roster.test.ts.
    'POST /schools/{id}/roster',
    (caller) => ({ params: { id: caller.school.id }, query: { dry_run: '1' } }),
  ],
  [
    'POST /schools/{id}/students',
    (caller) => ({
      params: { id: caller.school.id },
      payload: { first_name: 'Ida', last_name: 'Byname', grade: '2', homeroom: 'Room 4' },
    }),
  ],
  [
    // The cast's student has an address: a valid request is refused (409), so the cast keeps it.
    'POST /schools/{schoolId}/users/{userId}/email',
    (caller) => ({
      params: { schoolId: caller.school.id, userId: cast.student.id },
      payload: { email: 'given-by-staff@fuzz.example' },
    }),
  ],
  ['GET /schools/{id}/invitations', (caller) => ({ params: { id: caller.school.id } })],
  // No invitation has the student's id: a valid call answers 404 and writes nothing
  // (pending-invitations.test.ts resends and revokes real ones).
  [
    'POST /schools/{schoolId}/invitations/{invitationId}/resend',
    (caller) => ({ params: { schoolId: caller.school.id, invitationId: cast.student.id } }),
  ],
  [
    'DELETE /schools/{schoolId}/invitations/{invitationId}',
    (caller) => ({ params: { schoolId: caller.school.id, invitationId: cast.student.id } }),
  ],
  ['GET /invitations/{token}', () => ({ params: { token: 'A'.repeat(43) } })],
  [
    'POST /invitations/{token}/accept',
    () => ({ params: { token: 'A'.repeat(43) }, payload: userSignupBody() }),
  ],
  // District sign-in: this app configures no provider, so a valid start, callback or link is 404.
  ['GET /sign-in/providers', () => ({})],
  [
    'GET /sign-in/oidc/{provider}',
    () => ({ params: { provider: 'google' }, query: { next: '/progress' } }),
  ],
  [
    'GET /sign-in/oidc/{provider}/callback',
    () => ({ params: { provider: 'google' }, query: { code: 'c', state: 's' } }),
  ],
  ['POST /sign-in/oidc/ticket', () => ({ payload: { ticket: 'A'.repeat(43) } })],
  [
    'POST /sign-in/oidc/ticket/accept',
    () => ({ payload: { ticket: 'A'.repeat(43), agree_to_policies: true } }),
  ],
  ['POST /sign-in/oidc/{provider}/link', () => ({ params: { provider: 'google' } })],
  ['POST /sign-in/badge', () => ({ payload: { token: 'A'.repeat(43) } })],
  ['POST /users/{id}/badge', () => ({ params: { id: cast.student.id } })],
  [
    'POST /schools/{id}/badges',
    (caller) => ({ params: { id: caller.school.id }, payload: { homeroom: 'Room 1' } }),
  ],
  [
    'GET /schools/{id}/badges',
    (caller) => ({ params: { id: caller.school.id }, query: { homeroom: 'Room 1' } }),
  ],
  ['GET /schools/{id}/homerooms', (caller) => ({ params: { id: caller.school.id } })],
  ['POST /users/{id}/family-code', () => ({ params: { id: cast.student.id } })],
  ['DELETE /users/{id}/family-code', () => ({ params: { id: cast.student.id } })],
  [
    'POST /schools/{id}/family-letters',
    (caller) => ({ params: { id: caller.school.id }, payload: { homeroom: 'Room 1' } }),
  ],
  // An unknown code: a valid sign-up or link answers 404 and writes nothing (family.test.ts).
  ['POST /family/sign-up', () => ({ payload: { ...userSignupBody(), code: 'ABCDE-FGHJK' } })],
  ['POST /family/links', () => ({ payload: { code: 'ABCDE-FGHJK' } })],
  ['GET /family/children', () => ({})],
  ['GET /family/weekly-email', () => ({})],
  ['PUT /family/weekly-email', () => ({ payload: { enabled: true } })],
  ['DELETE /family/children/{id}', () => ({ params: { id: cast.student.id } })],
  // A guardian's reads of a child: non-guardians reach the 403 (guardian-view.test.ts reads).
  ['GET /family/children/{id}/overview', () => ({ params: { id: cast.student.id } })],
  ['GET /family/children/{id}/days', () => ({ params: { id: cast.student.id } })],
  [
    'PUT /family/children/{id}/stress-opt-out',
    () => ({
      params: { id: cast.student.id },
      payload: { opted_out: false, notice_version: STRESS_NOTICE_VERSION },
    }),
  ],
  ['GET /users/{id}/guardians', () => ({ params: { id: cast.student.id } })],
  // A guardian of none of them: 403 for others, 404 for the cast's guardian (guardian-rights.test.ts).
  ['GET /family/children/{id}/export', () => ({ params: { id: cast.student.id } })],
  ['POST /family/children/{id}/deletion-requests', () => ({ params: { id: cast.student.id } })],
  ['GET /family/deletion-requests', () => ({})],
  ['GET /schools/{id}/deletion-requests', (caller) => ({ params: { id: caller.school.id } })],
  [
    'POST /schools/{schoolId}/deletion-requests/{requestId}/decision',
    (caller) => ({
      params: { schoolId: caller.school.id, requestId: 1 },
      payload: { decision: 'decline' },
    }),
  ],
  [
    'DELETE /users/{id}/guardians/{guardianId}',
    () => ({ params: { id: cast.student.id, guardianId: cast.community.id } }),
  ],
  ['GET /schools/{id}/semesters', (caller) => ({ params: { id: caller.school.id } })],
  [
    'GET /schools/{id}/staff.csv',
    (caller) => ({ params: { id: caller.school.id }, query: CSV_ORDER }),
  ],
  [
    'GET /schools/{id}/students.csv',
    (caller) => ({ params: { id: caller.school.id }, query: CSV_ORDER }),
  ],
  ['GET /schools/{id}/users.csv', (caller) => ({ params: { id: caller.school.id } })],
  ['GET /schools/{id}/teams/ranking', (caller) => ({ params: { id: caller.school.id } })],
  [
    'GET /schools/{id}/teams',
    (caller) => ({ params: { id: caller.school.id }, query: { search: 'a' } }),
  ],
  [
    'PATCH /schools/{id}/teams/{teamId}',
    (caller) => ({
      params: { id: caller.school.id, teamId: caller.team_id ?? 0 },
      payload: { name: 'Team Fuzz' },
    }),
  ],
  [
    'PUT /schools/{id}/semesters/{semesterId}',
    (caller) => ({
      params: { id: caller.school.id, semesterId: checkouts.semesterId },
      payload: { start_date: '2030-01-01', end_date: '2030-06-01', points_needed: 700 },
    }),
  ],
  [
    // An interval with logged days: a valid request is refused (409), so the cast keeps it.
    'DELETE /schools/{id}/semesters/{semesterId}',
    (caller) => ({ params: { id: caller.school.id, semesterId: checkouts.loggedSemesterId } }),
  ],
  [
    'PATCH /teams/{id}',
    (caller) => ({ params: { id: caller.team_id ?? 0 }, payload: { name: 'Team Fuzz' } }),
  ],
  ['GET /schools/{id}/duplicate-payments', (caller) => ({ params: { id: caller.school.id } })],
  ['GET /schools/{id}/export', (caller) => ({ params: { id: caller.school.id } })],
  ['GET /schools/{id}/insights', (caller) => ({ params: { id: caller.school.id } })],
  [
    'GET /schools/{id}/audit-log',
    (caller) => ({ params: { id: caller.school.id }, query: AUDIT_PAGE }),
  ],
  [
    'GET /schools/{id}/consents',
    (caller) => ({ params: { id: caller.school.id }, query: { limit: '2' } }),
  ],
  ['GET /users/{id}/policy-consent', (caller) => ({ params: { id: caller.id } })],
  [
    'POST /users/{id}/policy-consent',
    (caller) => ({ params: { id: caller.id }, payload: { version: POLICY_VERSION } }),
  ],
  [
    'POST /schools/{id}/semesters',
    (caller) => ({
      params: { id: caller.school.id },
      payload: { start_date: '2031-01-01', end_date: '2031-05-01', points_needed: 800 },
    }),
  ],
  ['PUT /schools/semesters/{id}/active', () => ({ params: { id: checkouts.semesterId } })],
  [
    // A dry run naming no active interval while one is: a valid request is refused (409).
    'POST /schools/{id}/year-end-rollovers',
    (caller) => ({
      params: { id: caller.school.id },
      query: { dry_run: 'true' },
      payload: {
        close_interval_id: null,
        teams: 'keep',
        leaving: 'export_first',
        last_grade: '12',
        next_interval: { start_date: '2041-08-20', end_date: '2042-06-10', points_needed: 900 },
      },
    }),
  ],
  ['GET /teams', () => ({ query: { email: cast.student.email } })],
  ['GET /teams/me', () => ({})],
  ['GET /teams/me/goal', () => ({})],
  ['GET /teams/{id}', (caller) => ({ params: { id: caller.team_id ?? 0 } })],
  ['GET /teams/{id}/users', (caller) => ({ params: { id: caller.team_id ?? 0 } })],
  [
    'POST /teams/{id}/signup',
    () => ({
      params: { id: cast.student.team_id ?? 0 },
      payload: { ...userSignupBody(), captain_email: checkouts.captainEmail },
    }),
  ],
  ['GET /users/{id}', (caller) => ({ params: { id: caller.id } })],
  ['GET /users/{id}/export', (caller) => ({ params: { id: caller.id } })],
  ['GET /users/{id}/reminders', (caller) => ({ params: { id: caller.id } })],
  ['GET /users/{id}/personal-badges', (caller) => ({ params: { id: caller.id } })],
  ['GET /users/{id}/class-challenges', (caller) => ({ params: { id: caller.id } })],
  ['GET /schools/{id}/class-challenges', (caller) => ({ params: { id: caller.school.id } })],
  [
    'POST /schools/{id}/class-challenges',
    (caller) => ({
      params: { id: caller.school.id },
      payload: { kind: 'water_cups', scope: 'homeroom', class_name: 'Room 1', target: 50 },
    }),
  ],
  ['POST /class-challenges/{id}/end', () => ({ params: { id: checkouts.challengeId } })],
  [
    'POST /users/{id}/personal-badges/{badge}/celebration',
    (caller) => ({ params: { id: caller.id, badge: 'first_complete_day' } }),
  ],
  [
    'PUT /users/{id}/reminders',
    (caller) => ({
      params: { id: caller.id },
      payload: { enabled: true, time: '17:00', push: false, email: true, weekly_summary: false },
    }),
  ],
  [
    'POST /users/{id}/push-subscriptions',
    (caller) => ({ params: { id: caller.id }, payload: PUSH_SUBSCRIPTION }),
  ],
  [
    'DELETE /users/{id}/push-subscriptions',
    (caller) => ({ params: { id: caller.id }, payload: { endpoint: PUSH_SUBSCRIPTION.endpoint } }),
  ],
  ['GET /users/{id}/sign-ins', (caller) => ({ params: { id: caller.id } })],
  [
    'DELETE /users/{id}/sign-ins/{provider}',
    (caller) => ({ params: { id: caller.id, provider: 'google' } }),
  ],
  ['GET /schools/{id}/sign-in-methods', (caller) => ({ params: { id: caller.school.id } })],
  [
    // No provider is configured here, so no generated body can turn passwords off.
    'PUT /schools/{id}/sign-in-methods',
    (caller) => ({
      params: { id: caller.school.id },
      payload: { providers: [], district_only: false },
    }),
  ],
  ['GET /schools/{id}/stress-check-in', (caller) => ({ params: { id: caller.school.id } })],
  ['GET /schools/{id}/team-ranking', (caller) => ({ params: { id: caller.school.id } })],
  ['GET /schools/{id}/holidays', (caller) => ({ params: { id: caller.school.id } })],
  ['GET /users/{id}/streak', (caller) => ({ params: { id: caller.id } })],
  [
    // Marking a day twice changes nothing: the valid request may run any number of times.
    'PUT /schools/{id}/holidays/{date}',
    (caller) => ({ params: { id: caller.school.id, date: weekdayAhead(t.clock.now()) } }),
  ],
  [
    'DELETE /schools/{id}/holidays/{date}',
    (caller) => ({ params: { id: caller.school.id, date: weekdayAhead(t.clock.now(), 8) } }),
  ],
  [
    // Goals reached, as a new school has it: the valid request changes nothing.
    'PUT /schools/{id}/team-ranking',
    (caller) => ({ params: { id: caller.school.id }, payload: { ranking: 'goals' } }),
  ],
  [
    // On, as it is: the valid request changes nothing the other cases rely on.
    'PUT /schools/{id}/stress-check-in',
    (caller) => ({
      params: { id: caller.school.id },
      payload: { enabled: true, notice_version: STRESS_NOTICE_VERSION },
    }),
  ],
  [
    // Back in, as the student is: no rating is deleted by a valid request.
    'PUT /schools/{schoolId}/students/{userId}/stress-opt-out',
    (caller) => ({
      params: { schoolId: caller.school.id, userId: cast.student.id },
      payload: { opted_out: false, notice_version: STRESS_NOTICE_VERSION },
    }),
  ],
  [
    'PUT /schools/{schoolId}/counsellors/{userId}',
    (caller) => ({ params: { schoolId: caller.school.id, userId: cast.staff.id } }),
  ],
  [
    'DELETE /schools/{schoolId}/counsellors/{userId}',
    (caller) => ({ params: { schoolId: caller.school.id, userId: cast.student.id } }),
  ],
  ['POST /talk-requests', () => ({})],
  ['GET /schools/{id}/talk-requests', (caller) => ({ params: { id: caller.school.id } })],
  [
    'POST /schools/{schoolId}/talk-requests/{requestId}/handled',
    (caller) => ({ params: { schoolId: caller.school.id, requestId: 1 } }),
  ],
  ['GET /push/vapid-public-key', () => ({})],
  ['POST /reminders/unsubscribe', () => ({ query: { token: checkouts.unsubscribeToken } })],
  ['POST /email-links', () => ({ payload: { token: 'A'.repeat(43) } })],
  [
    'PATCH /users/{id}',
    (caller) => ({
      params: { id: caller.id },
      payload: {
        user: {
          first_name: 'Sam',
          last_name: 'Student',
          email: caller.email,
          password: '',
          verify_password: '',
        },
      },
    }),
  ],
  ['GET /activities', () => ({ query: { date: castYesterday() } })],
  [
    'PUT /activities/{type}',
    () => ({
      params: { type: 'fitness' },
      payload: {
        date: castYesterday(),
        activity: {
          activity_type: 'fitness',
          total: 2.5,
          properties: [
            { property_key: 'vigorous_duration', property_value: 10 },
            { property_key: 'moderate_duration', property_value: 0 },
            { property_key: 'piggy_bank', property_value: 0 },
          ],
        },
      },
    }),
  ],
  ['GET /piggy-banks', () => ({ query: { date: castYesterday() } })],
  ['GET /snapshots/weekly', () => ({})],
  ['GET /snapshots/daily', () => ({ query: { days: '14' } })],
  ['GET /subscriptions', () => ({})],
  [
    'POST /stripe-subscription-checkout-sessions',
    (caller) => ({ payload: { school_id: caller.school.id, num_students: 150 } }),
  ],
  [
    'POST /stripe-donation-checkout-sessions',
    (caller) => ({ payload: { team_id: caller.team_id ?? 0 } }),
  ],
  [
    'POST /schools/{id}/payments',
    (caller) => ({
      params: { id: caller.school.id },
      payload: { stripe_session_id: checkouts.subscription },
    }),
  ],
  [
    'POST /teams/{id}/payments',
    (caller) => ({
      params: { id: caller.team_id ?? 0 },
      payload: { stripe_session_id: checkouts.donation },
    }),
  ],
  ['GET /local-checkout/{id}', () => ({ params: { id: checkouts.subscription } })],
  ['POST /local-checkout/{id}/pay', () => ({ params: { id: checkouts.donation } })],
  [
    'POST /stripe-webhooks',
    () => ({ payload: { id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } } }),
  ],
  [
    // A code that does not match, so no generated case can close the cast's school.
    'DELETE /schools/{id}',
    (caller) => ({ params: { id: caller.school.id }, payload: { code: 'NOPE00' } }),
  ],
  ['DELETE /schools/{id}/deletion', (caller) => ({ params: { id: caller.school.id } })],
  [
    'POST /schools/{id}/class-codes',
    (caller) => ({ params: { id: caller.school.id }, payload: { user_ids: [cast.student.id] } }),
  ],
  ['GET /class-codes/{code}', () => ({ params: { code: checkouts.classCode } })],
  ['GET /class-codes/{code}/class-challenges', () => ({ params: { code: checkouts.classCode } })],
  ['DELETE /class-codes/{code}', () => ({ params: { code: checkouts.closableClassCode } })],
  [
    'POST /class-codes/{code}/sign-in',
    () => ({
      params: { code: checkouts.classCode },
      payload: { user_id: cast.student.id, pictures: checkouts.secretPictures },
    }),
  ],
  ['GET /schools/{id}/subscription', (caller) => ({ params: { id: caller.school.id } })],
  ['GET /schools/{id}/payments', (caller) => ({ params: { id: caller.school.id } })],
  [
    'GET /schools/{schoolId}/payments/{paymentId}/receipt',
    (caller) => ({ params: { schoolId: caller.school.id, paymentId: checkouts.paymentId } }),
  ],
  [
    'GET /schools/{id}/class-students',
    (caller) => ({ params: { id: caller.school.id }, query: { q: 'Ana' } }),
  ],
  [
    'GET /schools/{id}/class-cards',
    (caller) => ({ params: { id: caller.school.id }, query: { homeroom: 'Room 1' } }),
  ],
  ['POST /users/{id}/secret-pictures', () => ({ params: { id: cast.student.id } })],
  ['DELETE /users/{id}/class-sign-in-lock', () => ({ params: { id: cast.student.id } })],
  ['GET /openapi.json', () => ({})],
  ['GET @/healthz', () => ({})],
  ['GET @/readyz', () => ({})],
  ['GET @/metrics', () => ({})],
];

/** Yesterday at the cast's school (America/Denver), a day the activity routes take (issue #14). */
function castYesterday(): string {
  return addDays(localDate(t.clock.now(), DEFAULT_TIME_ZONE), -1);
}

/** Routes the generated requests leave out, and why. */
const EXEMPT: Record<string, string> = {
  // Its only input is the token (the Authorization property below); a valid one would sign out
  // the fuzzing caller.
  'DELETE /authentication/session': 'no parameters, query or body',
  // A generated id may name a member of the admin's school, whom the request would delete: its
  // bad input (no or a wrong password, other roles and schools) is in deletion/user-deletion.test.ts.
  'DELETE /users/{id}': 'a valid request deletes a person of the cast',
};

/** Valid requests of EXEMPT routes, for the checks that send them only with bad tokens. */
const NOT_GENERATED: Array<[Route, (caller: SessionRecord) => ValidRequest]> = [
  [
    'DELETE /users/{id}',
    (caller) => ({ params: { id: caller.id }, payload: { password: 'secret-pass' } }),
  ],
];

beforeAll(async () => {
  console.info(`bad-input seed ${SEED} (replay with FC_SEED=${SEED})`);
  t = await createTestApp();
  cast = await seedCast(t);
  // A linked district account each, so that a valid unlink reaches a thing (then it is gone).
  await t.db.insert(userIdentities).values(
    Object.values(cast).map((person) => ({
      userId: person.id,
      provider: 'google' as const,
      issuer: 'https://accounts.google.com',
      subject: `fuzz-${person.id}`,
    })),
  );
  // A celebrated badge each, so that a valid celebration reaches a thing.
  await t.db.insert(personalBadges).values(
    Object.values(cast).map((person) => ({
      userId: person.id,
      badge: 'first_complete_day' as const,
      earnedOn: '2026-11-02',
      celebratedAt: new Date(),
    })),
  );
  // The fixtures paid both on the test checkout.
  checkouts.subscription = await paidCheckoutId(t, { schoolId: cast.admin.school.id });
  checkouts.paymentId = await subscriptionPaymentId(t, cast.admin.school.id);
  checkouts.donation = await paidCheckoutId(t, { userId: cast.community.id });
  checkouts.captainEmail = await captainEmailOf(t, cast.student.team_id);
  checkouts.semesterId = (
    await postOk(cast.admin, `/schools/${cast.admin.school.id}/semesters`, {
      start_date: '2030-01-01',
      end_date: '2030-06-01',
      points_needed: 500,
    })
  ).id;
  const listed = await t.app.inject({
    url: `/api/v1/schools/${cast.admin.school.id}/semesters`,
    headers: as(cast.admin),
  });
  const signUpInterval = listed.json().semesters.find((s: { is_active: boolean }) => s.is_active);
  checkouts.loggedSemesterId = signUpInterval.id;
  await seedDay(t, {
    userId: cast.student.id,
    schoolId: cast.admin.school.id,
    date: signUpInterval.start_date,
  });
  revokedToken = await revokedSession(cast.student);
  await t.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${cast.staff.id}/reminders`,
    headers: as(cast.staff),
    payload: { enabled: true, time: '17:00', push: false, email: true, weekly_summary: false },
  });
  const classCodes = `/schools/${cast.admin.school.id}/class-codes`;
  checkouts.classCode = (
    await postOk(cast.staff, classCodes, { user_ids: [cast.student.id] })
  ).code;
  checkouts.closableClassCode = (
    await postOk(cast.staff, classCodes, { user_ids: [cast.student.id] })
  ).code;
  const [challenge] = await t.db
    .insert(classChallenges)
    .values({
      schoolId: cast.admin.school.id,
      kind: 'sleep_nights',
      scope: 'grade',
      className: '4',
      target: 20,
      startsOn: '2026-11-02',
      endsOn: '2026-11-08',
    })
    .returning({ id: classChallenges.id });
  checkouts.challengeId = challenge?.id ?? 0;
  const [pictures] = await t.db
    .select()
    .from(secretPictures)
    .where(eq(secretPictures.userId, cast.student.id));
  checkouts.secretPictures = [pictures?.first ?? '', pictures?.second ?? ''];
  checkouts.unsubscribeToken = await t.reminderKeys.unsubscribeToken({
    purpose: 'daily-email',
    userId: cast.staff.id,
    version: 0,
  });
}, 120_000);
afterAll(async () => {
  console.info(`bad-input: ${casesRun} generated requests (seed ${SEED})`);
  await t.close();
});

async function postOk(caller: SessionRecord, url: string, payload: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: as(caller),
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`${url} failed: ${response.body}`);
  return response.json();
}

/** A token that worked once: the user signed in again and signed that session out. */
async function revokedSession(user: SessionRecord): Promise<string> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/authenticate',
    payload: { email: user.email, password: 'secret-pass' },
  });
  const { token } = login.json();
  await t.app.inject({
    method: 'DELETE',
    url: '/api/v1/authentication/session',
    headers: as({ ...user, token }),
  });
  return token;
}

/** Routes whose OpenAPI operation asks for a bearer token. */
async function routesNeedingToken(): Promise<Route[]> {
  const response = await t.app.inject({ url: '/api/v1/openapi.json' });
  const paths: Record<string, Record<string, { security?: unknown[] }>> = response.json().paths;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.length)
      .map(([method]) => `${method.toUpperCase()} ${path}` as Route),
  );
}

function validRequestOf(route: Route): (caller: SessionRecord) => ValidRequest {
  return (
    [...VALID, ...NOT_GENERATED].find(([known]) => routeKey(known) === routeKey(route))?.[1] ??
    (() => ({}))
  );
}

interface Body {
  contentType: string;
  text: string;
}

function bodies(valid: Json | undefined): fc.Arbitrary<Body> {
  const anyJson = fc.jsonValue() as fc.Arbitrary<Json>;
  const json =
    valid === undefined
      ? anyJson
      : fc.oneof({ weight: 6, arbitrary: mutatedFrom(valid) }, { weight: 2, arbitrary: anyJson });
  const otherType = fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
  );
  return fc.oneof(
    { weight: 8, arbitrary: json.map((value) => body('application/json', JSON.stringify(value))) },
    { weight: 2, arbitrary: malformedJsonText.map((text) => body('application/json', text)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(otherType, json)
        .map(([contentType, value]) => body(contentType, JSON.stringify(value))),
    },
  );
}

function body(contentType: string, text: string): Body {
  return { contentType, text };
}

/** One generated request of a route: a caller, odd path segments, query and body. */
function requests(route: Route, valid: (caller: SessionRecord) => ValidRequest) {
  return fc.constantFrom(...CAST_ROLES).chain((role) => {
    const request = valid(cast[role]);
    const segments = Object.fromEntries(
      Object.entries(request.params ?? {}).map(([name, value]) => [name, pathSegment(value)]),
    );
    return fc.record({
      role: fc.constant(role),
      segments: fc.record(segments),
      query: queryString(request.query ?? {}),
      body: routeMethod(route) === 'GET' ? fc.constant(undefined) : bodies(request.payload),
      remoteAddress: fc.ipV4(),
    });
  });
}

type GeneratedRequest = ReturnType<typeof requests> extends fc.Arbitrary<infer R> ? R : never;

function send(route: Route, generated: GeneratedRequest) {
  const url = routeUrl(route, generated.segments, { escaped: true });
  return t.app.inject({
    method: routeMethod(route),
    url: generated.query ? `${url}?${generated.query}` : url,
    headers: {
      ...as(cast[generated.role]),
      ...(generated.body && { 'content-type': generated.body.contentType }),
    },
    ...(generated.body && { payload: generated.body.text }),
    remoteAddress: generated.remoteAddress,
  });
}

function describeRequest(route: Route, generated: GeneratedRequest): string {
  const text = JSON.stringify({ ...generated, route });
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/**
 * Other spellings of a path id that a lenient number parser reads as the same id; a path names a
 * thing one way only (http/params.ts), so each must be 404, already escaped for the URL.
 */
function idAliases(id: number): string[] {
  return [
    `0${id}`,
    `%2B${id}`,
    `${id}.0`,
    `${id}e0`,
    `0x${id.toString(16)}`,
    `0b${id.toString(2)}`,
    `0o${id.toString(8)}`,
    `%20${id}`,
    `${id}%20`,
    `%09${id}`,
    `${id}%0A`,
  ];
}

/** Each route's numeric path parameters, with its valid request as the first caller it reaches. */
async function idBearingRoutes() {
  const found: Array<{ route: Route; caller: SessionRecord; request: ValidRequest }> = [];
  for (const [route, valid] of VALID) {
    const callers = CAST_ROLES.map((role) => cast[role]);
    const hasNumericId = Object.values(valid(cast.admin).params ?? {}).some(Number.isInteger);
    if (!hasNumericId) continue;
    // The canonical spelling must reach the thing (anything but 404), or the aliases prove nothing.
    let reached: (typeof found)[number] | undefined;
    for (const caller of callers) {
      const request = valid(caller);
      if ((await sendValid(route, caller, request)).statusCode !== 404) {
        reached = { route, caller, request };
        break;
      }
    }
    if (!reached) throw new Error(`${route}: no caller of the cast reaches its ids`);
    found.push(reached);
  }
  return found;
}

function sendValid(route: Route, caller: SessionRecord, request: ValidRequest, escaped = false) {
  const url = routeUrl(route, request.params, { escaped });
  return t.app.inject({
    method: routeMethod(route),
    url: request.query ? `${url}?${new URLSearchParams(request.query)}` : url,
    headers: as(caller),
    ...(request.payload !== undefined && { payload: request.payload as object }),
  });
}

describe('path ids', () => {
  it('name a thing only in canonical decimal: every other spelling of a reachable id is 404', async () => {
    const routes = await idBearingRoutes();
    expect(routes.length).toBeGreaterThan(10);
    for (const { route, caller, request } of routes) {
      for (const [name, id] of Object.entries(request.params ?? {})) {
        if (typeof id !== 'number') continue;
        for (const alias of idAliases(id)) {
          const params = { ...request.params, [name]: alias };
          const response = await sendValid(route, caller, { ...request, params }, true);
          const label = `${route} with {${name}} = ${alias}`;
          expect(response.statusCode, label).toBe(404);
          expect(response.json(), label).toEqual({ error: MESSAGES.notFound });
        }
      }
    }
  }, 120_000);
});

describe('generated bad requests', () => {
  it('cover every route the app serves, or name why the route is exempt', () => {
    const covered = [...VALID.map(([route]) => route), ...Object.keys(EXEMPT)].map(routeKey);
    expect(listRoutes(t.app)).toEqual(covered.sort());
  });

  it.each(VALID)(
    '%s: never a 5xx, and a refused request writes nothing',
    async (route, valid) => {
      // Taken again only after a request that succeeded, since only a success may have written.
      let before: Record<string, string> | undefined;
      await fc.assert(
        fc.asyncProperty(requests(route, valid), async (generated) => {
          casesRun += 1;
          before ??= await tableFingerprint(t.db);
          const response = await send(route, generated);
          const label = describeRequest(route, generated);
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode < 400) {
            before = undefined;
            return;
          }
          const answer = response.json();
          expect(Object.keys(answer), label).toEqual(['error']);
          expect(typeof answer.error, label).toBe('string');
          // Kept current even when the check fails, so that shrinking compares each case alone.
          const previous = before;
          before = await tableFingerprint(t.db);
          expect(before, label).toEqual(previous);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
      // Generous: a property cut off by a timeout keeps sending requests into the next test.
    },
    120_000,
  );

  it('answers a made-up, mangled or revoked token 401 on every route that needs one', async () => {
    const routes = await routesNeedingToken();
    expect(routes.length).toBeGreaterThan(20);
    const before = await tableFingerprint(t.db);
    const tokens = { real: cast.admin.token, revoked: revokedToken };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(...CAST_ROLES),
        madeUpAuthorization(tokens),
        async (route, role, authorization) => {
          casesRun += 1;
          const { params, query, payload } = validRequestOf(route)(cast[role]);
          const url = routeUrl(route, params);
          const response = await t.app.inject({
            method: routeMethod(route),
            url: query ? `${url}?${new URLSearchParams(query)}` : url,
            headers: { authorization },
            ...(payload !== undefined && { payload: payload as object }),
          });
          const label = `${route} with ${authorization.slice(0, 100)}`;
          expect(response.statusCode, label).toBe(401);
          expect(response.json(), label).toEqual({ error: MESSAGES.notSignedIn });
          expect(await tableFingerprint(t.db), label).toEqual(before);
        },
      ),
      { seed: SEED, numRuns: TOKEN_RUNS },
    );
  }, 120_000);
});
