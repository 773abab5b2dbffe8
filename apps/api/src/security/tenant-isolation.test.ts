import { randomBytes } from 'node:crypto';
import {
  mayRunClassSignIn,
  POLICY_VERSION,
  type RoleName,
  STRESS_NOTICE_VERSION,
} from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { classChallenges, invitations, schools, talkRequests, teams, users } from '../db/schema.ts';
import { familyCodeOf, signUpGuardian } from '../test/family-fixture.ts';
import { type EmailSession, joinSchool } from '../test/fixtures.ts';
import { weekdayAhead } from '../test/holidays.ts';
import { paidCheckoutId, subscriptionPaymentId } from '../test/payment-calls.ts';
import { browserKeys } from '../test/push-service.ts';
import {
  as,
  CAST_ROLES,
  type CastRole,
  type SchoolCast,
  seedCast,
} from '../test/school-fixture.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { listRoutes, type Route, routeKey, routeMethod, routeUrl } from './route-table.ts';
import { tableFingerprint } from './table-fingerprint.ts';

/**
 * DESIGN.md §2: every read or write is scoped to the caller's school and role; another school's
 * data is 404 whatever id is guessed, and inside their own school the wrong role is 403.
 * School A's five users call every route with school B's ids; nothing of B may come back and
 * nothing may be written.
 */

interface Call {
  route: Route;
  params?: Record<string, string | number>;
  payload?: unknown;
  query?: Record<string, string>;
  /** 404 unless said otherwise. */
  status?: number;
}

/** Routes that take no token or name no school's data, and why they are outside the matrix. */
const EXEMPT: Record<string, string> = {
  'POST /authentication/authenticate': 'signs in; names no id (account-abuse.test.ts)',
  'DELETE /authentication/session': "ends the caller's own session; names no id",
  'POST /forgot-password': 'public and answers the same either way (account-abuse.test.ts)',
  'POST /reset-password': 'authorised by the mailed token alone (account-abuse.test.ts)',
  'POST /signup': 'creates a new school; names no existing one',
  'GET /schools': 'the public lookup by code: id and name only, rate limited',
  'GET /teams': "the public lookup by captain's e-mail: id and name only, rate limited",
  'POST /schools/{id}/users': 'public sign-up: joining the school with that id is its purpose',
  'POST /teams/{id}/signup': 'public sign-up: joining the team with that id is its purpose',
  'GET /subscriptions': 'the public price list',
  'GET /invitations/{token}':
    'authorised by the mailed 256-bit token alone, rate limited (roster.test.ts)',
  'POST /invitations/{token}/accept': 'as GET /invitations/{token}',
  'GET /sign-in/providers': "the deployment's configured providers: ids and names",
  'GET /sign-in/oidc/{provider}': 'starts a district sign-in; names no school or user',
  'GET /sign-in/oidc/{provider}/callback':
    "the provider's answer, tied to the browser's attempt (district-sign-in.test.ts)",
  'POST /sign-in/oidc/ticket': 'authorised by the one-time 256-bit ticket alone',
  'POST /sign-in/oidc/ticket/accept': 'as POST /sign-in/oidc/ticket',
  'POST /sign-in/oidc/{provider}/link':
    "links to the caller's own account; names no id (district-sign-in.test.ts)",
  'POST /sign-in/badge':
    'authorised by the 256-bit badge token alone, rate limited (badges.test.ts)',
  'GET /local-checkout/{id}':
    "the stand-in for Stripe's hosted page: like it, open to whoever holds the 128-bit random id",
  'POST /local-checkout/{id}/pay': 'as GET /local-checkout/{id}',
  'POST /stripe-webhooks': "authenticated by Stripe's signature, not by a user's token",
  'POST /reminders/unsubscribe':
    "authorised by the e-mailed link's signed, single-purpose token alone (reminders.test.ts)",
  'POST /email-links':
    'authorised by the mailed 256-bit, single-use token alone (account-email.test.ts)',
  'GET /class-codes/{code}':
    'public to whoever holds the class code (decision 0064), rate limited (class-sign-in.test.ts)',
  'GET /class-codes/{code}/class-challenges':
    "public to whoever holds the class code (decision 0085): its homeroom's meter, rate limited",
  'POST /class-codes/{code}/sign-in':
    "the class code and the child's pictures are the credentials, limited (class-sign-in.test.ts)",
  'POST /family/sign-up':
    "public sign-up: the child's family code is the credential, rate limited (family.test.ts)",
  'POST /family/links':
    "the child's family code is the credential, limited per account and address (family.test.ts)",
  'GET /family/weekly-email':
    "a guardian's own setting; names no id, 403 to other roles (family-summary.test.ts)",
  'PUT /family/weekly-email': 'as GET /family/weekly-email',
  'POST /talk-requests':
    "the caller's own request for a talk; names no id (stress-choice/talk-requests.test.ts)",
  'GET /openapi.json': 'the published contract',
  'GET @/healthz': "the platform's liveness probe; names no one's data",
  'GET @/readyz': "the platform's readiness probe; names no one's data",
  'GET @/metrics':
    'figures by route template, no ids or user data; its own token (operations.test.ts)',
};

/** A grade and homeroom for PATCH /schools/{schoolId}/users/{userId}. */
const CLASS = { grade: '4', homeroom: 'Room 1' };
const CHALLENGE = { kind: 'water_cups', scope: 'homeroom', class_name: 'Room 1', target: 50 };
/** A valid save of the sign-in methods page (this deployment configured no provider). */
const SIGN_IN_METHODS = { providers: [], district_only: false };
/** A student added by name (decision 0063). */
const NEW_STUDENT = { first_name: 'Noa', last_name: 'Byname', grade: 'K', homeroom: 'K-1' };
/** A student each school has without e-mail, to give one (decision 0063). */
const NAME_ONLY = { first_name: 'Ned', last_name: 'Nomail', homeroom: 'K-2' };
const STUDENT_EMAIL = { email: 'given-by-staff@a.example' };
/** The stress check-in's choices (decision 0073), with the notice's current version. */
const STRESS_OFF = { enabled: false, notice_version: STRESS_NOTICE_VERSION };
const STRESS_OPT_OUT = { opted_out: true, notice_version: STRESS_NOTICE_VERSION };

const LOG_WATER: Call = {
  route: 'PUT /activities/{type}',
  params: { type: 'water' },
  payload: { activity: { properties: [{ property_key: 'cups', property_value: 2 }] } },
};

/** Signed-in routes that name no id: they can only ever touch the caller's own data. */
const SELF_SCOPED: Call[] = [
  { route: 'GET /activities' },
  LOG_WATER,
  { route: 'GET /piggy-banks' },
  { route: 'GET /schools/me' },
  { route: 'GET /teams/me' },
  { route: 'GET /teams/me/goal' },
  { route: 'GET /snapshots/weekly' },
  { route: 'GET /snapshots/daily' },
  { route: 'GET /push/vapid-public-key' },
  { route: 'GET /family/children' },
  { route: 'GET /family/deletion-requests' },
];

const REMINDERS_ON = {
  enabled: true,
  time: '17:00',
  push: false,
  email: true,
  weekly_summary: true,
};
const PUSH_SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/tenant',
  keys: browserKeys().json,
};

const PROFILE_BODY = {
  user: { first_name: 'Mallory', last_name: 'Intruder', email: 'mallory@evil.example' },
};

const t = useTestApp();
/** A day the coordinator may mark as without school. */
const holidayAhead = () => weekdayAhead(t.clock.now());
let castA: SchoolCast;
let castB: SchoolCast;
/** In B's user names and contact data: must never reach a user of another school. */
const privateTag = `priv${randomBytes(4).toString('hex')}`;
/** In B's school and team names, which the public reads may show. */
const publicTag = `pub${randomBytes(4).toString('hex')}`;
const b = {
  schoolId: 0,
  nameOnlyStudentId: 0,
  code: '',
  members: [] as EmailSession[],
  teamIds: [] as number[],
  semesterIds: [] as number[],
  paidSubscriptionSession: '',
  paymentId: 0,
  donationSession: '',
  classCode: '',
  /** A running class challenge of B's student's homeroom (decision 0084). */
  challengeId: 0,
  invitationId: 0,
  /** An open talk request of B's student, asked of B's staff member as counsellor. */
  talkRequestId: 0,
  /** An open request of a guardian of B's student to delete the child's data (decision 0081). */
  deletionRequestId: 0,
};
const a = {
  nameOnlyStudentId: 0,
  /** Pending invitations of A: one to resend, one to revoke (the role matrix does both). */
  invitationIds: [0, 0],
  spareSemesterId: 0,
  deletableSemesterId: 0,
  subscriptionSession: '',
  paymentId: 0,
  donationSession: '',
  /** A parent linked to A's student (decision 0075): sees that child, nothing of B. */
  guardian: undefined as EmailSession | undefined,
};

beforeAll(async () => {
  castA = await seedCast(t);
  castB = await seedCast(t);
  await seedSchoolB();
  await seedSchoolA();
}, 120_000);

function request(caller: EmailSession | undefined, call: Call, remoteAddress?: string) {
  return t.app.inject({
    ...(remoteAddress ? { remoteAddress } : {}),
    method: routeMethod(call.route),
    url: `${routeUrl(call.route, call.params)}${call.query ? `?${new URLSearchParams(call.query)}` : ''}`,
    ...(caller ? { headers: as(caller) } : {}),
    ...(call.payload === undefined ? {} : { payload: call.payload as object }),
  });
}

async function expectStatus(caller: EmailSession, call: Call, status: number) {
  const response = await request(caller, call);
  if (response.statusCode !== status) {
    throw new Error(`${call.route} gave ${response.statusCode}, not ${status}: ${response.body}`);
  }
  return response.json();
}

async function seedSchoolB() {
  const { admin, staff, student, community } = castB;
  b.schoolId = admin.school.id;
  b.members = [admin, staff, student, community];
  b.teamIds = [...new Set(b.members.map((member) => member.team_id ?? 0))];
  for (const member of b.members) {
    await t.db
      .update(users)
      .set({ firstName: `First${privateTag}`, lastName: `Last${privateTag}` })
      .where(eq(users.id, member.id));
  }
  await t.db
    .update(teams)
    .set({ name: `Team ${publicTag}` })
    .where(eq(teams.schoolId, b.schoolId));
  const [school] = await t.db
    .update(schools)
    .set({
      name: `School ${publicTag}`,
      contactName: `Contact ${privateTag}`,
      contactEmail: `office-${privateTag}@b.example`,
      address: `1 ${privateTag} Road`,
    })
    .where(eq(schools.id, b.schoolId))
    .returning({ code: schools.code });
  b.code = school?.code ?? '';

  await expectStatus(admin, semesterCall(b.schoolId), 201);
  const listed = await expectStatus(
    admin,
    { route: 'GET /schools/{id}/semesters', params: { id: b.schoolId } },
    200,
  );
  b.semesterIds = listed.semesters.map((semester: { id: number }) => semester.id);
  await expectStatus(student, LOG_WATER, 200);
  const classCode = await expectStatus(
    staff,
    {
      route: 'POST /schools/{id}/class-codes',
      params: { id: b.schoolId },
      payload: { user_ids: [student.id] },
    },
    201,
  );
  b.classCode = classCode.code;
  await t.db.update(users).set({ homeroom: 'Room 1' }).where(eq(users.id, student.id));
  const [challenge] = await t.db
    .insert(classChallenges)
    .values({
      schoolId: b.schoolId,
      kind: 'water_cups',
      scope: 'homeroom',
      className: 'Room 1',
      target: 50,
      startsOn: '2026-11-02',
      endsOn: '2099-11-08',
    })
    .returning({ id: classChallenges.id });
  b.challengeId = challenge?.id ?? 0;
  b.nameOnlyStudentId = (await expectStatus(admin, addNameOnly(b.schoolId), 201)).id;
  [b.invitationId = 0] = await pendingInvitations(b.schoolId, 1);
  await expectStatus(
    admin,
    {
      route: 'PUT /schools/{schoolId}/counsellors/{userId}',
      params: { schoolId: b.schoolId, userId: staff.id },
    },
    200,
  );
  await expectStatus(student, { route: 'POST /talk-requests' }, 201);
  const [talk] = await t.db.select({ id: talkRequests.id }).from(talkRequests);
  b.talkRequestId = talk?.id ?? 0;
  const guardianB = await signUpGuardian(
    t,
    await familyCodeOf(t, staff, student.id),
    '192.0.2.251',
  );
  const deletionRequest = await expectStatus(
    guardianB,
    { route: 'POST /family/children/{id}/deletion-requests', params: { id: student.id } },
    201,
  );
  b.deletionRequestId = deletionRequest.id;

  // The fixtures paid both on the test checkout.
  b.paidSubscriptionSession = await paidCheckoutId(t, { schoolId: b.schoolId });
  b.paymentId = await subscriptionPaymentId(t, b.schoolId);
  b.donationSession = await paidCheckoutId(t, { userId: community.id });
}

async function seedSchoolA() {
  const { admin, community } = castA;
  a.nameOnlyStudentId = (await expectStatus(admin, addNameOnly(admin.school.id), 201)).id;
  a.invitationIds = await pendingInvitations(admin.school.id, 2);
  a.spareSemesterId = (await expectStatus(admin, semesterCall(admin.school.id), 201)).id;
  const deletable = semesterCall(admin.school.id, '2033');
  a.deletableSemesterId = (await expectStatus(admin, deletable, 201)).id;
  a.subscriptionSession = await paidCheckoutId(t, { schoolId: admin.school.id });
  a.paymentId = await subscriptionPaymentId(t, admin.school.id);
  a.donationSession = await paidCheckoutId(t, { userId: community.id });
  a.guardian = await signUpGuardian(t, await familyCodeOf(t, castA.staff, castA.student.id));
}

/** Pending invitations of a school, as a roster import writes them (roster.test.ts imports). */
async function pendingInvitations(schoolId: number, n: number): Promise<number[]> {
  const rows = await t.db
    .insert(invitations)
    .values(
      Array.from({ length: n }, (_, i) => ({
        schoolId,
        email: `invited${i}-${privateTag}-${schoolId}@example.com`,
        firstName: `Invited${privateTag}`,
        lastName: 'Person',
        role: 'student' as const,
        expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      })),
    )
    .returning({ id: invitations.id });
  return rows.map((row) => row.id);
}

function addNameOnly(schoolId: number): Call {
  return { route: 'POST /schools/{id}/students', params: { id: schoolId }, payload: NAME_ONLY };
}

/** Intervals of one school may not overlap (decision 0031): each call of a school, its year. */
function semesterCall(schoolId: number, year = '2030'): Call {
  return {
    route: 'POST /schools/{id}/semesters',
    params: { id: schoolId },
    payload: semesterBody(year),
  };
}

function semesterBody(year: string) {
  return { start_date: `${year}-01-01`, end_date: `${year}-06-01`, points_needed: 500 };
}

/** A year-end rollover (decision 0069) naming no active interval: 409 where it reaches the school. */
function rolloverCall(schoolId: number, query?: { dry_run: string }): Call {
  return {
    route: 'POST /schools/{id}/year-end-rollovers',
    params: { id: schoolId },
    ...(query ? { query } : {}),
    payload: {
      close_interval_id: null,
      teams: 'keep',
      leaving: 'export_first',
      next_interval: { start_date: '2041-08-20', end_date: '2042-06-10', points_needed: 900 },
    },
  };
}

function subscriptionCheckout(schoolId: number): Call {
  return {
    route: 'POST /stripe-subscription-checkout-sessions',
    payload: { school_id: schoolId, num_students: 50 },
  };
}

function donationCheckout(member: EmailSession): Call {
  return { route: 'POST /stripe-donation-checkout-sessions', payload: { team_id: member.team_id } };
}

function reportSubscription(schoolId: number, sessionId: string): Call {
  return {
    route: 'POST /schools/{id}/payments',
    params: { id: schoolId },
    payload: { stripe_session_id: sessionId },
  };
}

function reportDonation(teamId: number, sessionId: string): Call {
  return {
    route: 'POST /teams/{id}/payments',
    params: { id: teamId },
    payload: { stripe_session_id: sessionId },
  };
}

/** Inside the caller's own school the role is checked first: a missing role is 403. */
function roleFirst(caller: EmailSession, role: RoleName): number {
  return caller.roles.includes(role) ? 404 : 403;
}

/** Every signed-in route that names an id, called by `caller` with school B's ids. */
function crossTenantCalls(caller: EmailSession): Call[] {
  const ownSchoolId = caller.school.id;
  const ownTeamId = caller.team_id ?? 0;
  const schoolB = { id: b.schoolId };
  const roleSwitch: Route = 'PUT /schools/{schoolId}/users/{userId}/roles/{role}';
  const classEdit: Route = 'PATCH /schools/{schoolId}/users/{userId}';
  const coordinatorRoutes: Route[] = [
    'PUT /schools/{schoolId}/coordinators/{userId}',
    'DELETE /schools/{schoolId}/coordinators/{userId}',
    'PUT /schools/{schoolId}/counsellors/{userId}',
    'DELETE /schools/{schoolId}/counsellors/{userId}',
  ];
  const optOut: Route = 'PUT /schools/{schoolId}/students/{userId}/stress-opt-out';
  // The cast's staff member was made staff after their session record was made (seedCast).
  const runsClassSignIn = caller.id === castA.staff.id || mayRunClassSignIn(caller.roles);
  return [
    ...b.members.flatMap((member): Call[] => [
      { route: 'GET /users/{id}', params: { id: member.id } },
      { route: 'GET /users/{id}/export', params: { id: member.id } },
      { route: 'GET /users/{id}/policy-consent', params: { id: member.id } },
      {
        route: 'POST /users/{id}/policy-consent',
        params: { id: member.id },
        payload: { version: POLICY_VERSION },
      },
      { route: 'PATCH /users/{id}', params: { id: member.id }, payload: PROFILE_BODY },
      { route: 'GET /users/{id}/reminders', params: { id: member.id } },
      { route: 'GET /users/{id}/personal-badges', params: { id: member.id } },
      { route: 'GET /users/{id}/streak', params: { id: member.id } },
      { route: 'GET /users/{id}/class-challenges', params: { id: member.id } },
      {
        route: 'POST /users/{id}/personal-badges/{badge}/celebration',
        params: { id: member.id, badge: 'first_complete_day' },
      },
      { route: 'PUT /users/{id}/reminders', params: { id: member.id }, payload: REMINDERS_ON },
      { route: 'GET /users/{id}/sign-ins', params: { id: member.id } },
      {
        route: 'DELETE /users/{id}/sign-ins/{provider}',
        params: { id: member.id, provider: 'google' },
      },
      {
        route: 'POST /users/{id}/push-subscriptions',
        params: { id: member.id },
        payload: PUSH_SUBSCRIPTION,
      },
      {
        route: 'DELETE /users/{id}/push-subscriptions',
        params: { id: member.id },
        payload: { endpoint: PUSH_SUBSCRIPTION.endpoint },
      },
      {
        route: 'DELETE /users/{id}',
        params: { id: member.id },
        payload: { password: 'secret-pass' },
      },
      { route: 'POST /users/{id}/badge', params: { id: member.id } },
      { route: 'POST /users/{id}/family-code', params: { id: member.id } },
      { route: 'DELETE /users/{id}/family-code', params: { id: member.id } },
      { route: 'GET /users/{id}/guardians', params: { id: member.id } },
      {
        route: 'DELETE /users/{id}/guardians/{guardianId}',
        params: { id: member.id, guardianId: caller.id },
      },
      {
        // Only a guardian removes links of their own: any other role is refused first.
        route: 'DELETE /family/children/{id}',
        params: { id: member.id },
        status: caller.roles.includes('guardian') ? 404 : 403,
      },
      {
        route: 'PUT /family/children/{id}/stress-opt-out',
        params: { id: member.id },
        payload: STRESS_OPT_OUT,
        status: caller.roles.includes('guardian') ? 404 : 403,
      },
      // A guardian reads their linked children only (decision 0079).
      {
        route: 'GET /family/children/{id}/overview',
        params: { id: member.id },
        status: caller.roles.includes('guardian') ? 404 : 403,
      },
      {
        route: 'GET /family/children/{id}/days',
        params: { id: member.id },
        status: caller.roles.includes('guardian') ? 404 : 403,
      },
      {
        route: 'GET /family/children/{id}/export',
        params: { id: member.id },
        status: caller.roles.includes('guardian') ? 404 : 403,
      },
      {
        route: 'POST /family/children/{id}/deletion-requests',
        params: { id: member.id },
        status: caller.roles.includes('guardian') ? 404 : 403,
      },
      { route: roleSwitch, params: { schoolId: b.schoolId, userId: member.id, role: 'staff' } },
      { route: classEdit, params: { schoolId: b.schoolId, userId: member.id }, payload: CLASS },
      {
        route: classEdit,
        params: { schoolId: ownSchoolId, userId: member.id },
        payload: CLASS,
        status: roleFirst(caller, 'admin'),
      },
      {
        route: roleSwitch,
        params: { schoolId: ownSchoolId, userId: member.id, role: 'staff' },
        status: roleFirst(caller, 'admin'),
      },
      ...coordinatorRoutes.flatMap((route): Call[] => [
        { route, params: { schoolId: b.schoolId, userId: member.id } },
        {
          route,
          params: { schoolId: ownSchoolId, userId: member.id },
          status: roleFirst(caller, 'admin'),
        },
      ]),
      ...[b.schoolId, ownSchoolId].map(
        (schoolId): Call => ({
          route: optOut,
          params: { schoolId, userId: member.id },
          payload: STRESS_OPT_OUT,
          status: schoolId === ownSchoolId ? roleFirst(caller, 'admin') : 404,
        }),
      ),
      { route: 'POST /users/{id}/secret-pictures', params: { id: member.id } },
      { route: 'DELETE /users/{id}/class-sign-in-lock', params: { id: member.id } },
      {
        // B's people in a class code of the caller's own school: not found, once the role is right.
        route: 'POST /schools/{id}/class-codes',
        params: { id: ownSchoolId },
        payload: { user_ids: [member.id] },
        status: runsClassSignIn ? 404 : 403,
      },
    ]),
    {
      route: 'POST /schools/{schoolId}/users/{userId}/email',
      params: { schoolId: b.schoolId, userId: b.nameOnlyStudentId },
      payload: STUDENT_EMAIL,
    },
    {
      // B's student through the caller's own school: not found, once the role is right.
      route: 'POST /schools/{schoolId}/users/{userId}/email',
      params: { schoolId: ownSchoolId, userId: b.nameOnlyStudentId },
      payload: STUDENT_EMAIL,
      status: runsClassSignIn ? 404 : 403,
    },
    { route: 'POST /schools/{id}/class-codes', params: schoolB, payload: { homeroom: 'Room 1' } },
    { route: 'GET /schools/{id}/class-cards', params: schoolB, query: { homeroom: 'Room 1' } },
    { route: 'GET /schools/{id}/class-students', params: schoolB },
    { route: 'GET /schools/{id}/subscription', params: schoolB },
    { route: 'GET /schools/{id}/payments', params: schoolB },
    {
      route: 'GET /schools/{schoolId}/payments/{paymentId}/receipt',
      params: { schoolId: b.schoolId, paymentId: b.paymentId },
    },
    {
      // B's receipt through the caller's own school: not found, once the role is right.
      route: 'GET /schools/{schoolId}/payments/{paymentId}/receipt',
      params: { schoolId: ownSchoolId, paymentId: b.paymentId },
      status: roleFirst(caller, 'admin'),
    },
    { route: 'DELETE /class-codes/{code}', params: { code: b.classCode } },
    { route: 'GET /schools/{id}/class-challenges', params: schoolB },
    { route: 'POST /schools/{id}/class-challenges', params: schoolB, payload: CHALLENGE },
    { route: 'POST /class-challenges/{id}/end', params: { id: b.challengeId } },
    { route: 'GET /schools/{id}/users', params: schoolB },
    { route: 'GET /schools/{id}/invitations', params: schoolB },
    ...(
      [
        'POST /schools/{schoolId}/invitations/{invitationId}/resend',
        'DELETE /schools/{schoolId}/invitations/{invitationId}',
      ] as const
    ).flatMap((route): Call[] => [
      { route, params: { schoolId: b.schoolId, invitationId: b.invitationId } },
      {
        // B's invitation through the caller's own school: not found, once the role is right.
        route,
        params: { schoolId: ownSchoolId, invitationId: b.invitationId },
        status: roleFirst(caller, 'admin'),
      },
    ]),
    { route: 'GET /schools/{id}/staff', params: schoolB },
    { route: 'GET /schools/{id}/students', params: schoolB },
    { route: 'GET /schools/{id}/semesters', params: schoolB },
    { route: 'GET /schools/{id}/duplicate-payments', params: schoolB },
    { route: 'GET /schools/{id}/audit-log', params: schoolB },
    { route: 'GET /schools/{id}/sign-in-methods', params: schoolB },
    { route: 'PUT /schools/{id}/sign-in-methods', params: schoolB, payload: SIGN_IN_METHODS },
    { route: 'GET /schools/{id}/stress-check-in', params: schoolB },
    { route: 'PUT /schools/{id}/stress-check-in', params: schoolB, payload: STRESS_OFF },
    { route: 'GET /schools/{id}/team-ranking', params: schoolB },
    { route: 'PUT /schools/{id}/team-ranking', params: schoolB, payload: { ranking: 'points' } },
    { route: 'GET /schools/{id}/holidays', params: schoolB },
    { route: 'PUT /schools/{id}/holidays/{date}', params: { ...schoolB, date: holidayAhead() } },
    { route: 'DELETE /schools/{id}/holidays/{date}', params: { ...schoolB, date: holidayAhead() } },
    { route: 'GET /schools/{id}/talk-requests', params: schoolB },
    { route: 'GET /schools/{id}/deletion-requests', params: schoolB },
    {
      route: 'POST /schools/{schoolId}/deletion-requests/{requestId}/decision',
      params: { schoolId: b.schoolId, requestId: b.deletionRequestId },
      payload: { decision: 'decline' },
    },
    {
      // B's request through the caller's own school: not found, once the role is right.
      route: 'POST /schools/{schoolId}/deletion-requests/{requestId}/decision',
      params: { schoolId: ownSchoolId, requestId: b.deletionRequestId },
      payload: { decision: 'decline' },
      status: roleFirst(caller, 'admin'),
    },
    {
      route: 'POST /schools/{schoolId}/talk-requests/{requestId}/handled',
      params: { schoolId: b.schoolId, requestId: b.talkRequestId },
    },
    { route: 'GET /schools/{id}/export', params: schoolB },
    { route: 'GET /schools/{id}/insights', params: schoolB },
    { route: 'DELETE /schools/{id}', params: schoolB, payload: { code: b.code } },
    { route: 'DELETE /schools/{id}/deletion', params: schoolB },
    { route: 'GET /schools/{id}/consents', params: schoolB },
    { route: 'GET /schools/{id}/staff.csv', params: schoolB },
    { route: 'GET /schools/{id}/students.csv', params: schoolB },
    { route: 'GET /schools/{id}/users.csv', params: schoolB },
    { route: 'GET /schools/{id}/teams/ranking', params: schoolB },
    { route: 'GET /schools/{id}/teams', params: schoolB },
    { route: 'POST /schools/{id}/roster', params: schoolB, payload: {} },
    { route: 'POST /schools/{id}/students', params: schoolB, payload: NEW_STUDENT },
    { route: 'GET /schools/{id}/homerooms', params: schoolB },
    { route: 'GET /schools/{id}/badges', params: schoolB, query: { homeroom: CLASS.homeroom } },
    { route: 'POST /schools/{id}/badges', params: schoolB, payload: { homeroom: CLASS.homeroom } },
    {
      route: 'POST /schools/{id}/family-letters',
      params: schoolB,
      payload: { homeroom: CLASS.homeroom },
    },
    semesterCall(b.schoolId),
    rolloverCall(b.schoolId, { dry_run: 'true' }),
    rolloverCall(b.schoolId),
    ...b.semesterIds.flatMap((id): Call[] => [
      { route: 'PUT /schools/semesters/{id}/active', params: { id } },
      {
        route: 'PUT /schools/{id}/semesters/{semesterId}',
        params: { id: b.schoolId, semesterId: id },
        payload: semesterBody('2034'),
      },
      {
        route: 'DELETE /schools/{id}/semesters/{semesterId}',
        params: { id: b.schoolId, semesterId: id },
      },
      {
        // School B's interval under the caller's own school: not found, once the role is right.
        route: 'PUT /schools/{id}/semesters/{semesterId}',
        params: { id: ownSchoolId, semesterId: id },
        payload: semesterBody('2034'),
        status: roleFirst(caller, 'admin'),
      },
      {
        route: 'DELETE /schools/{id}/semesters/{semesterId}',
        params: { id: ownSchoolId, semesterId: id },
        status: roleFirst(caller, 'admin'),
      },
    ]),
    ...b.teamIds.flatMap((id): Call[] => [
      { route: 'GET /teams/{id}/users', params: { id } },
      { route: 'PATCH /teams/{id}', params: { id }, payload: { name: 'Taken Over' } },
      {
        route: 'PATCH /schools/{id}/teams/{teamId}',
        params: { id: b.schoolId, teamId: id },
        payload: { name: 'Taken Over' },
      },
      {
        // School B's team under the caller's own school: not found, once the role is right.
        route: 'PATCH /schools/{id}/teams/{teamId}',
        params: { id: ownSchoolId, teamId: id },
        payload: { name: 'Taken Over' },
        status: roleFirst(caller, 'admin'),
      },
      reportDonation(id, b.donationSession),
      { route: 'POST /stripe-donation-checkout-sessions', payload: { team_id: id } },
    ]),
    reportDonation(ownTeamId, b.donationSession),
    reportSubscription(b.schoolId, b.paidSubscriptionSession),
    reportSubscription(ownSchoolId, b.paidSubscriptionSession),
    subscriptionCheckout(b.schoolId),
  ];
}

/** Public reads by id: school B's name may show, nothing else of it. */
function publicReads(): Array<{ call: Call; keys: string[] }> {
  return [
    { call: { route: 'GET /schools/{id}', params: { id: b.schoolId } }, keys: ['id', 'name'] },
    ...b.teamIds.map((id) => ({
      call: { route: 'GET /teams/{id}', params: { id } } as Call,
      keys: ['id', 'name', 'school'],
    })),
  ];
}

/** Nothing that identifies B's people, or lets anyone act as them, may be in the body. */
function expectNothingOfB(response: LightMyRequestResponse, options = { publicNames: false }) {
  const body = response.body.toLowerCase();
  const secrets = [privateTag, ...b.members.flatMap((member) => [member.email, member.token])];
  if (!options.publicNames) secrets.push(publicTag, b.code);
  for (const secret of secrets) expect(body).not.toContain(secret.toLowerCase());
}

function expectErrorBody(response: LightMyRequestResponse) {
  expect(Object.keys(response.json())).toEqual(['error']);
  expect(typeof response.json().error).toBe('string');
}

describe('the tenant matrix', () => {
  it('covers every route the app serves, or names why the route is exempt', () => {
    const matrixRoutes = [
      ...crossTenantCalls(castA.admin),
      ...SELF_SCOPED,
      ...publicReads().map((read) => read.call),
    ].map((call) => call.route);
    const covered = new Set([...matrixRoutes, ...Object.keys(EXEMPT)].map(routeKey));
    expect(listRoutes(t.app)).toEqual([...covered].sort());
  });

  it.each(CAST_ROLES)(
    "refuses school A's %s every id of school B, writing nothing",
    async (role) => {
      const caller = castA[role];
      const calls = crossTenantCalls(caller);
      const before = await tableFingerprint(t.db);
      for (const call of calls) {
        const response = await request(caller, call);
        const label = `${call.route} ${JSON.stringify(call.params ?? call.payload)}`;
        expect(response.statusCode, label).toBe(call.status ?? 404);
        expectErrorBody(response);
        expectNothingOfB(response);
        // Every call is refused, so the database must still be as it was before the first.
        expect(await tableFingerprint(t.db), label).toEqual(before);
      }
      expect(calls.length).toBeGreaterThan(30);
    },
  );

  it("refuses school A's guardian every id of school B; they read their own child only", async () => {
    const guardian = a.guardian;
    if (!guardian) throw new Error('no guardian');
    const before = await tableFingerprint(t.db);
    for (const call of crossTenantCalls(guardian)) {
      const response = await request(guardian, call);
      const label = `${call.route} ${JSON.stringify(call.params ?? call.payload)}`;
      expect(response.statusCode, label).toBe(call.status ?? 404);
      expectNothingOfB(response);
    }
    expect(await tableFingerprint(t.db)).toEqual(before);
    const children = await request(guardian, { route: 'GET /family/children' });
    expect(children.json().map((child: { id: number }) => child.id)).toEqual([castA.student.id]);
    // Inside school A the guardian is no member: another child's guardians, no student list.
    const calls: Call[] = [
      { route: 'GET /users/{id}/guardians', params: { id: castA.student.id }, status: 403 },
      { route: 'GET /users/{id}', params: { id: castA.student.id } },
      { route: 'GET /users/{id}/export', params: { id: castA.student.id } },
      { route: 'GET /schools/{id}/students', params: { id: castA.admin.school.id }, status: 403 },
      // Their own child's day, and no other child of the school.
      { route: 'GET /family/children/{id}/days', params: { id: castA.student.id }, status: 200 },
      { route: 'GET /family/children/{id}/overview', params: { id: castA.admin.id } },
    ];
    for (const call of calls) {
      const response = await request(guardian, call);
      expect(response.statusCode, call.route).toBe(call.status ?? 404);
    }
  });

  it.each(CAST_ROLES)(
    "shows school A's %s only id and name in the public reads of B",
    async (role) => {
      // Public reads by id spend the lookup budget: one client address per role keeps within it.
      const remoteAddress = `192.0.2.${CAST_ROLES.indexOf(role) + 100}`;
      for (const caller of [castA[role], undefined]) {
        for (const { call, keys } of publicReads()) {
          const response = await request(caller, call, remoteAddress);
          expect(response.statusCode, call.route).toBe(200);
          expect(Object.keys(response.json()).sort(), call.route).toEqual(keys);
          expectNothingOfB(response, { publicNames: true });
        }
      }
    },
  );

  it.each(CAST_ROLES)(
    "answers school A's %s only its own data on routes without ids",
    async (role) => {
      for (const call of SELF_SCOPED) {
        const response = await request(castA[role], call);
        expect(response.statusCode, call.route).toBe(200);
        expectNothingOfB(response);
      }
    },
  );
});

describe('the role matrix inside school A', () => {
  const everyMember = { admin: 200, staff: 200, student: 200, community: 200, otherAdmin: 404 };
  const adminsOnly = { admin: 200, staff: 403, student: 403, community: 403, otherAdmin: 404 };
  const onlyTheUser = { admin: 404, staff: 404, student: 200, community: 404, otherAdmin: 404 };
  const staffAndAdmins = { admin: 200, staff: 200, student: 403, community: 403, otherAdmin: 404 };

  /** Each role-restricted or member-only route, called on school A's own data. */
  function roleCases(): Array<{ call: Call; expected: Record<CastRole, number> }> {
    const schoolA = { id: castA.admin.school.id };
    return [
      { call: { route: 'GET /schools/{id}/users', params: schoolA }, expected: adminsOnly },
      { call: { route: 'GET /schools/{id}/invitations', params: schoolA }, expected: adminsOnly },
      {
        call: {
          route: 'POST /schools/{schoolId}/invitations/{invitationId}/resend',
          params: { schoolId: schoolA.id, invitationId: a.invitationIds[0] ?? 0 },
        },
        expected: { ...adminsOnly, admin: 204 },
      },
      {
        call: {
          route: 'DELETE /schools/{schoolId}/invitations/{invitationId}',
          params: { schoolId: schoolA.id, invitationId: a.invitationIds[1] ?? 0 },
        },
        expected: { ...adminsOnly, admin: 204 },
      },
      { call: { route: 'GET /schools/{id}/staff', params: schoolA }, expected: adminsOnly },
      {
        // The coordinator is staff too.
        call: { route: 'GET /schools/{id}/students', params: schoolA },
        expected: { ...adminsOnly, staff: 200 },
      },
      {
        call: {
          route: 'PUT /schools/{schoolId}/users/{userId}/roles/{role}',
          params: { schoolId: schoolA.id, userId: castA.student.id, role: 'student' },
        },
        expected: adminsOnly,
      },
      {
        call: {
          route: 'PATCH /schools/{schoolId}/users/{userId}',
          params: { schoolId: schoolA.id, userId: castA.student.id },
          payload: CLASS,
        },
        expected: adminsOnly,
      },
      {
        // A student is no staff: the admin's 422 writes nothing.
        call: {
          route: 'PUT /schools/{schoolId}/coordinators/{userId}',
          params: { schoolId: schoolA.id, userId: castA.student.id },
        },
        expected: { ...adminsOnly, admin: 422 },
      },
      {
        // The staff member is no coordinator: the admin's 200 changes nothing.
        call: {
          route: 'DELETE /schools/{schoolId}/coordinators/{userId}',
          params: { schoolId: schoolA.id, userId: castA.staff.id },
        },
        expected: adminsOnly,
      },
      {
        // A JSON body is no roster file: the admin's 422 writes nothing (roster.test.ts imports).
        call: { route: 'POST /schools/{id}/roster', params: schoolA, payload: {} },
        expected: { ...adminsOnly, admin: 422 },
      },
      {
        // Staff and admins add a student; the coordinator (first) adds Noa, so the staff member's
        // same call finds her (409). Staff's own 201: roster/students-without-email.test.ts.
        call: { route: 'POST /schools/{id}/students', params: schoolA, payload: NEW_STUDENT },
        expected: { ...adminsOnly, admin: 201, staff: 409 },
      },
      {
        // Staff and admins give a student without one an address; the coordinator (first) gives
        // it, so the staff member's same call finds one (409). Staff's own 200: student-email.test.ts.
        call: {
          route: 'POST /schools/{schoolId}/users/{userId}/email',
          params: { schoolId: schoolA.id, userId: a.nameOnlyStudentId },
          payload: STUDENT_EMAIL,
        },
        expected: { ...adminsOnly, admin: 200, staff: 409 },
      },
      {
        call: { route: 'GET /schools/{id}/sign-in-methods', params: schoolA },
        expected: adminsOnly,
      },
      {
        call: { route: 'GET /schools/{id}/stress-check-in', params: schoolA },
        expected: adminsOnly,
      },
      {
        call: { route: 'GET /schools/{id}/team-ranking', params: schoolA },
        expected: adminsOnly,
      },
      {
        // Goals reached, as it is: the school's students keep what the other cases read.
        call: {
          route: 'PUT /schools/{id}/team-ranking',
          params: schoolA,
          payload: { ranking: 'goals' },
        },
        expected: adminsOnly,
      },
      {
        call: {
          route: 'PUT /schools/{id}/sign-in-methods',
          params: schoolA,
          payload: SIGN_IN_METHODS,
        },
        expected: adminsOnly,
      },
      {
        call: { route: 'GET /users/{id}/sign-ins', params: { id: castA.student.id } },
        expected: onlyTheUser,
      },
      { call: { route: 'GET /schools/{id}/semesters', params: schoolA }, expected: everyMember },
      { call: { route: 'GET /schools/{id}/holidays', params: schoolA }, expected: everyMember },
      {
        call: {
          route: 'PUT /schools/{id}/holidays/{date}',
          params: { ...schoolA, date: holidayAhead() },
        },
        expected: { ...adminsOnly, admin: 204 },
      },
      {
        call: {
          route: 'DELETE /schools/{id}/holidays/{date}',
          params: { ...schoolA, date: holidayAhead() },
        },
        expected: { ...adminsOnly, admin: 204 },
      },
      {
        call: { route: 'GET /users/{id}/streak', params: { id: castA.student.id } },
        expected: onlyTheUser,
      },
      { call: semesterCall(schoolA.id, '2031'), expected: { ...adminsOnly, admin: 201 } },
      {
        call: {
          route: 'PUT /schools/{id}/semesters/{semesterId}',
          params: { id: schoolA.id, semesterId: a.spareSemesterId },
          payload: { ...semesterBody('2030'), points_needed: 600 },
        },
        expected: adminsOnly,
      },
      {
        call: {
          route: 'DELETE /schools/{id}/semesters/{semesterId}',
          params: { id: schoolA.id, semesterId: a.deletableSemesterId },
        },
        expected: { ...adminsOnly, admin: 204 },
      },
      { call: { route: 'GET /schools/{id}/staff.csv', params: schoolA }, expected: adminsOnly },
      {
        call: { route: 'GET /schools/{id}/students.csv', params: schoolA },
        expected: { ...adminsOnly, staff: 200 },
      },
      { call: { route: 'GET /schools/{id}/users.csv', params: schoolA }, expected: adminsOnly },
      {
        call: { route: 'GET /schools/{id}/teams/ranking', params: schoolA },
        expected: everyMember,
      },
      {
        // Only the team's captain renames it.
        call: {
          route: 'PATCH /teams/{id}',
          params: { id: castA.student.team_id ?? 0 },
          payload: { name: 'Team A' },
        },
        expected: { admin: 403, staff: 403, student: 200, community: 403, otherAdmin: 404 },
      },
      { call: { route: 'GET /schools/{id}/teams', params: schoolA }, expected: adminsOnly },
      {
        call: {
          route: 'PATCH /schools/{id}/teams/{teamId}',
          params: { id: schoolA.id, teamId: castA.student.team_id ?? 0 },
          payload: { name: 'Team A' },
        },
        expected: adminsOnly,
      },
      {
        call: { route: 'PUT /schools/semesters/{id}/active', params: { id: a.spareSemesterId } },
        expected: adminsOnly,
      },
      {
        // Admins only; the cast's admin names no active interval while one is: 409, nothing done.
        call: rolloverCall(schoolA.id, { dry_run: 'true' }),
        expected: { ...adminsOnly, admin: 409 },
      },
      {
        // The student's team: its captain, the member who joined it, and the school's staff.
        call: { route: 'GET /teams/{id}/users', params: { id: castA.student.team_id ?? 0 } },
        expected: everyMember,
      },
      {
        call: { route: 'GET /schools/{id}/duplicate-payments', params: schoolA },
        expected: adminsOnly,
      },
      { call: { route: 'GET /schools/{id}/audit-log', params: schoolA }, expected: adminsOnly },
      { call: { route: 'GET /schools/{id}/export', params: schoolA }, expected: adminsOnly },
      {
        // Aggregates for the school's admins and staff (decision 0032).
        call: { route: 'GET /schools/{id}/insights', params: schoolA },
        expected: { ...adminsOnly, staff: 200 },
      },
      {
        call: { route: 'GET /users/{id}/export', params: { id: castA.student.id } },
        expected: onlyTheUser,
      },
      { call: { route: 'GET /schools/{id}/consents', params: schoolA }, expected: adminsOnly },
      { call: { route: 'GET /schools/{id}/subscription', params: schoolA }, expected: adminsOnly },
      { call: { route: 'GET /schools/{id}/payments', params: schoolA }, expected: adminsOnly },
      {
        call: {
          route: 'GET /schools/{schoolId}/payments/{paymentId}/receipt',
          params: { schoolId: schoolA.id, paymentId: a.paymentId },
        },
        expected: adminsOnly,
      },
      // The students to pick for a class code (decision 0064): the school's staff and admins.
      {
        call: { route: 'GET /schools/{id}/class-students', params: schoolA },
        expected: staffAndAdmins,
      },
      // Badges (decision 0065): the school's staff and admins, for its students only.
      { call: { route: 'GET /schools/{id}/homerooms', params: schoolA }, expected: staffAndAdmins },
      {
        call: { route: 'GET /schools/{id}/badges', params: schoolA, query: { homeroom: 'Room 1' } },
        expected: staffAndAdmins,
      },
      {
        // A homeroom with nobody in it: staff's and admins' 422 make no badge.
        call: {
          route: 'POST /schools/{id}/badges',
          params: schoolA,
          payload: { homeroom: 'None' },
        },
        expected: { ...staffAndAdmins, admin: 422, staff: 422 },
      },
      {
        call: { route: 'POST /users/{id}/badge', params: { id: castA.student.id } },
        expected: { ...staffAndAdmins, admin: 201, staff: 201 },
      },
      {
        call: { route: 'GET /users/{id}/policy-consent', params: { id: castA.student.id } },
        expected: onlyTheUser,
      },
      // Family codes and links (decision 0075): the school's staff and admins, and the child.
      {
        call: { route: 'POST /users/{id}/family-code', params: { id: castA.student.id } },
        expected: { ...staffAndAdmins, admin: 201, staff: 201, student: 201 },
      },
      {
        call: { route: 'DELETE /users/{id}/family-code', params: { id: castA.student.id } },
        expected: { ...staffAndAdmins, admin: 204, staff: 204 },
      },
      {
        call: { route: 'GET /users/{id}/guardians', params: { id: castA.student.id } },
        expected: { ...staffAndAdmins, student: 200 },
      },
      {
        // The community member is no guardian of the student: the admin's 404 removes nothing.
        call: {
          route: 'DELETE /users/{id}/guardians/{guardianId}',
          params: { id: castA.student.id, guardianId: castA.community.id },
        },
        expected: { ...adminsOnly, admin: 404 },
      },
      {
        // A homeroom with nobody in it: staff's and admins' 422 make no code.
        call: {
          route: 'POST /schools/{id}/family-letters',
          params: schoolA,
          payload: { homeroom: 'None' },
        },
        expected: { ...staffAndAdmins, admin: 422, staff: 422 },
      },
      {
        // The coordinator's team: not the student's nor the community member's to read.
        call: { route: 'GET /teams/{id}/users', params: { id: castA.admin.team_id ?? 0 } },
        expected: { ...everyMember, student: 404, community: 404 },
      },
      // School A has paid (fixtures): the coordinator may ask again, and hears it is paid (409).
      { call: subscriptionCheckout(schoolA.id), expected: { ...adminsOnly, admin: 409 } },
      {
        call: donationCheckout(castA.community),
        expected: { admin: 403, staff: 403, student: 403, community: 409, otherAdmin: 404 },
      },
      {
        // Any member may report the school's payment; reporting it again answers it (200).
        call: reportSubscription(schoolA.id, a.subscriptionSession),
        expected: { admin: 200, staff: 200, student: 200, community: 200, otherAdmin: 404 },
      },
      {
        // Only the team's members (its captain, the student, and who joined it) may report.
        call: reportDonation(castA.community.team_id ?? 0, a.donationSession),
        expected: { admin: 404, staff: 404, student: 200, community: 200, otherAdmin: 404 },
      },
      {
        // A code that does not match: the admin's 422 closes nothing (school-deletion.test.ts).
        call: {
          route: 'DELETE /schools/{id}',
          params: schoolA,
          payload: { code: 'NOPE00' },
        },
        expected: { ...adminsOnly, admin: 422 },
      },
      {
        // Nothing is scheduled: the admin's cancel changes nothing.
        call: { route: 'DELETE /schools/{id}/deletion', params: schoolA },
        expected: { ...adminsOnly, admin: 204 },
      },
      {
        call: { route: 'GET /users/{id}', params: { id: castA.student.id } },
        expected: onlyTheUser,
      },
      {
        call: {
          route: 'PATCH /users/{id}',
          params: { id: castA.student.id },
          payload: {
            user: { first_name: 'Sam', last_name: 'student', email: castA.student.email },
          },
        },
        expected: onlyTheUser,
      },
    ];
  }

  it("lets only the school's admin remove a student (403 to its other members, 404 to another school's admin)", async () => {
    const spare = await joinSchool(t.app, castA.admin.school.id);
    const call: Call = { route: 'DELETE /users/{id}', params: { id: spare.id } };
    const answers: Record<string, number> = {};
    const order = [...CAST_ROLES.filter((role) => role !== 'admin'), 'admin' as const];
    for (const role of order) {
      const before = await tableFingerprint(t.db);
      const response = await request(castA[role], call);
      answers[role] = response.statusCode;
      if (response.statusCode >= 400) {
        expectErrorBody(response);
        expect(await tableFingerprint(t.db), role).toEqual(before);
      }
    }
    expect(answers).toEqual({
      staff: 403,
      student: 403,
      community: 403,
      otherAdmin: 404,
      admin: 204,
    });
  });

  it('answers each role as DESIGN.md says on every restricted route, and a refusal writes nothing', async () => {
    const expected: Record<string, Record<string, number>> = {};
    const actual: Record<string, Record<string, number>> = {};
    for (const { call, expected: statuses } of roleCases()) {
      const label = `${call.route} ${JSON.stringify(call.params ?? {})}`;
      expected[label] = statuses;
      const answers: Record<string, number> = {};
      let before = await tableFingerprint(t.db);
      for (const role of CAST_ROLES) {
        const response = await request(castA[role], call);
        answers[role] = response.statusCode;
        const after = await tableFingerprint(t.db);
        if (response.statusCode >= 400) {
          expectErrorBody(response);
          expect(after, `${call.route} as ${role}`).toEqual(before);
        }
        before = after;
      }
      actual[label] = answers;
    }
    expect(actual).toEqual(expected);
    // A fingerprint after each of some 250 calls: past 30 s on a busy machine.
  }, 120_000);
});
