import { PAYMENT_MESSAGES, type SessionRecord } from '@wellbank/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { joinSchool, payOnTestCheckout, signUpSchool } from '../test/fixtures.ts';
import { as, joinTeam } from '../test/school-fixture.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { isRootRoute, listRoutes, type Route, routeKey, routeMethod } from './route-table.ts';
import { tableFingerprint } from './table-fingerprint.ts';

/**
 * SPEC.md §2/§6, DESIGN.md §2: while a school's subscription or a member's donation is unpaid,
 * the server answers 402 to every signed-in call but the few that pay or end the session. The
 * gate is one check in `authenticate`, so every signed-in route is gated unless it says
 * otherwise; this suite reads Fastify's route table, so a new route is checked without anyone
 * listing it here.
 */

/** Routes that take no token: the gate is part of signing in, so they are outside it. */
const PUBLIC = new Set(
  [
    'POST /authentication/authenticate',
    'POST /forgot-password',
    'POST /reset-password',
    'POST /signup',
    'GET /schools',
    'GET /schools/{id}',
    'POST /schools/{id}/users',
    'GET /teams',
    'GET /teams/{id}',
    'POST /teams/{id}/signup',
    'GET /subscriptions',
    'GET /invitations/{token}',
    'POST /invitations/{token}/accept',
    // District sign-in (decision 0050): a browser's way in, before any session.
    'GET /sign-in/providers',
    'GET /sign-in/oidc/{provider}',
    'GET /sign-in/oidc/{provider}/callback',
    'POST /sign-in/oidc/ticket',
    'POST /sign-in/oidc/ticket/accept',
    // A badge's sign-in (decision 0065): an unpaid school's child lands on its payment notice.
    'POST /sign-in/badge',
    'GET /local-checkout/{id}',
    'POST /local-checkout/{id}/pay',
    'POST /stripe-webhooks',
    // The one-click unsubscribe of a reminder e-mail: a signed token, no session (decision 0029).
    'POST /reminders/unsubscribe',
    // A mailed confirmation or undo link: its token alone, no session (decision 0044).
    'POST /email-links',
    // Class sign-in (decision 0064): the code and the child's pictures, before any session; an
    // unpaid school's staff cannot open a code (402), and its children's sessions meet the gate.
    'GET /class-codes/{code}',
    'POST /class-codes/{code}/sign-in',
    // A class check-in's meter (decision 0085): by the code, before any session.
    'GET /class-codes/{code}/class-challenges',
    // A parent's sign-up with their child's family code (decision 0075), before any session.
    'POST /family/sign-up',
    'GET /openapi.json',
  ].map(routeKey),
);

/** What an unpaid user may still do: their session, own record and profile, paying, logout. */
const ALLOWED_WHILE_UNPAID = [
  'GET /users/{id}',
  'PATCH /users/{id}',
  'POST /stripe-subscription-checkout-sessions',
  'POST /stripe-donation-checkout-sessions',
  'POST /schools/{id}/payments',
  'POST /teams/{id}/payments',
  'GET /schools/{id}/duplicate-payments',
  // A person's and a school's data are theirs, paid or not (decision 0021).
  'GET /users/{id}/export',
  'GET /schools/{id}/export',
  // Nobody has to pay to leave (decision 0022).
  'DELETE /users/{id}',
  'DELETE /schools/{id}',
  'DELETE /schools/{id}/deletion',
  'GET /users/{id}/policy-consent',
  'POST /users/{id}/policy-consent',
  'DELETE /authentication/session',
  // Linking a district sign-in is on /profile, like the list and unlink of linked sign-ins.
  'POST /sign-in/oidc/{provider}/link',
  // Reminder settings are on /profile, which is open while a payment is due; an unpaid school
  // is sent no reminders anyway (decision 0029).
  'GET /users/{id}/reminders',
  'PUT /users/{id}/reminders',
  // The profile's badges (decision 0078).
  'GET /users/{id}/personal-badges',
  'POST /users/{id}/personal-badges/{badge}/celebration',
  'POST /users/{id}/push-subscriptions',
  'DELETE /users/{id}/push-subscriptions',
  'GET /push/vapid-public-key',
  // Linked district accounts are on /profile too, and removing one is no use of the product.
  'GET /users/{id}/sign-ins',
  'DELETE /users/{id}/sign-ins/{provider}',
  // A guardian's rights over their child's data, and the school's answer (decision 0081).
  'GET /family/children/{id}/export',
  'POST /family/children/{id}/deletion-requests',
  'GET /family/deletion-requests',
  'POST /schools/{schoolId}/deletion-requests/{requestId}/decision',
] as const satisfies readonly Route[];

const t = useTestApp();
let unpaid: { admin: SessionRecord; student: SessionRecord; member: SessionRecord };

beforeAll(async () => {
  const admin = await signUpSchool(t.app, { paid: false });
  const student = await joinSchool(t.app, admin.school.id);
  // A community member owes their donation even when the team's school has paid.
  const paidSchool = await signUpSchool(t.app);
  const member = await joinTeam(t, paidSchool.team_id, { donated: false });
  unpaid = { admin, student, member };
}, 120_000);

/** Any value for the parameters: the gate answers before a route reads them. */
function urlOf(route: string): string {
  return `/api/v1${route.slice(route.indexOf(' ') + 1).replace(/\{\}/g, '1')}`;
}

function call(route: string, caller: SessionRecord) {
  return t.app.inject({
    method: routeMethod(route as Route),
    url: urlOf(route),
    headers: as(caller),
    payload: {},
  });
}

function gatedRoutes(): string[] {
  const open = new Set([...PUBLIC, ...ALLOWED_WHILE_UNPAID.map(routeKey)]);
  return listRoutes(t.app).filter((route) => !open.has(route) && !isRootRoute(route));
}

describe('the payment gate', () => {
  it.each([
    ['coordinator of an unpaid school', 'admin', PAYMENT_MESSAGES.subscriptionDueForCoordinator],
    ['student of an unpaid school', 'student', PAYMENT_MESSAGES.subscriptionNotActive],
    ['community member who has not donated', 'member', PAYMENT_MESSAGES.donationDue],
  ] as const)(
    'answers a %s 402, saying what to pay and who pays it, on every other signed-in route, writing nothing',
    async (_name, who, message) => {
      const routes = gatedRoutes();
      expect(routes).toContain(routeKey('GET /teams/{id}/users'));
      expect(routes.length).toBeGreaterThanOrEqual(15);
      const before = await tableFingerprint(t.db);
      for (const route of routes) {
        const response = await call(route, unpaid[who]);
        expect(response.statusCode, route).toBe(402);
        expect(response.json(), route).toEqual({ error: message });
      }
      expect(await tableFingerprint(t.db)).toEqual(before);
    },
  );

  it('still answers 401 first to a caller without a session', async () => {
    for (const route of gatedRoutes()) {
      const response = await t.app.inject({
        method: routeMethod(route as Route),
        url: urlOf(route),
      });
      expect(response.statusCode, route).toBe(401);
    }
  });

  it("lets an unpaid school's coordinator and a member who owes a donation take their data away", async () => {
    const { admin, member } = unpaid;
    const school = await t.app.inject({
      url: `/api/v1/schools/${admin.school.id}/export`,
      headers: as(admin),
    });
    expect(school.statusCode).toBe(200);
    expect(school.headers['content-type']).toBe('application/zip');
    const own = await t.app.inject({
      url: `/api/v1/users/${member.id}/export`,
      headers: as(member),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().account.id).toBe(member.id);
  });

  it('keeps the own record, the profile and the payment calls open while unpaid', async () => {
    const { admin, member } = unpaid;
    const record = await t.app.inject({ url: `/api/v1/users/${admin.id}`, headers: as(admin) });
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({ needs_subscription_payment: true });
    const profile = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${admin.id}`,
      headers: as(admin),
      payload: { user: { first_name: 'Carla', last_name: 'Coordinator', email: admin.email } },
    });
    expect(profile.statusCode).toBe(200);
    for (const route of ALLOWED_WHILE_UNPAID) {
      for (const caller of [admin, member]) {
        if (route === 'DELETE /authentication/session') continue; // below, as the last call
        expect((await call(route, caller)).statusCode, route).not.toBe(402);
      }
    }
    const paid = await payOnTestCheckout(t.app, member, {
      checkout: ['/api/v1/stripe-donation-checkout-sessions', { team_id: member.team_id }],
      report: `/api/v1/teams/${member.team_id}/payments`,
    });
    expect(paid.needs_team_payment).toBe(false);
    const logout = await call('DELETE /authentication/session', unpaid.student);
    expect(logout.statusCode).toBe(204);
  });

  it('opens every route once the school has paid', async () => {
    const { admin } = unpaid;
    const student = await joinSchool(t.app, admin.school.id);
    const before = await t.app.inject({ url: '/api/v1/activities', headers: as(student) });
    expect(before.statusCode).toBe(402);
    await payOnTestCheckout(t.app, admin, {
      checkout: [
        '/api/v1/stripe-subscription-checkout-sessions',
        { school_id: admin.school.id, num_students: 50 },
      ],
      report: `/api/v1/schools/${admin.school.id}/payments`,
    });
    for (const caller of [admin, student]) {
      const after = await t.app.inject({ url: '/api/v1/activities', headers: as(caller) });
      expect(after.statusCode).toBe(200);
    }
  });
});
