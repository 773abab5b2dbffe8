import { PAYMENT_MESSAGES, type SessionRecord } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../db/schema.ts';
import { bearer, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { paymentCount, reloadUser } from '../../test/payment-calls.ts';
import { joinTeam } from '../../test/school-fixture.ts';
import { TEST_APP_URL } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp();

async function post(url: string, payload: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });
}

async function startSubscription(admin: SessionRecord, numStudents = 101) {
  const response = await post(
    '/stripe-subscription-checkout-sessions',
    { school_id: admin.school.id, num_students: numStudents },
    admin.token,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; url: string };
}

async function payLocally(id: string) {
  const response = await post(`/local-checkout/${id}/pay`, undefined);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { redirect_url: string };
}

describe('GET /subscriptions', () => {
  it('lists the six tiers with their amounts in cents', async () => {
    const response = await t.app.inject({ url: '/api/v1/subscriptions' });
    expect(response.statusCode).toBe(200);
    const { subscriptions } = response.json();
    expect(subscriptions).toHaveLength(6);
    expect(subscriptions[0]).toEqual({ min_students: 1, max_students: 100, amount: 10_000 });
    expect(subscriptions[5]).toEqual({ min_students: 2001, max_students: 5000, amount: 250_000 });
  });
});

describe('subscription round trip on the built-in checkout', () => {
  it('gates the school until its coordinator pays, then records exactly one payment', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const student = await joinSchool(t.app, admin.school.id);
    expect(admin.needs_subscription_payment).toBe(true);
    expect(student.needs_subscription_payment).toBe(true);

    const checkout = await startSubscription(admin, 250);
    expect(checkout.url).toBe(`${TEST_APP_URL}/checkout/${checkout.id}`);
    const page = await t.app.inject({ url: `/api/v1/local-checkout/${checkout.id}` });
    expect(page.json()).toEqual({
      id: checkout.id,
      kind: 'subscription',
      description: 'School subscription for 250 students',
      num_students: 250,
      amount: 257.78,
      status: 'open',
      cancel_url: `${TEST_APP_URL}/subscription-payments?canceled=true`,
    });

    const early = await post(
      `/schools/${admin.school.id}/payments`,
      { stripe_session_id: checkout.id },
      admin.token,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: PAYMENT_MESSAGES.sessionNotPaid });
    expect(await paymentCount(t, checkout.id)).toBe(0);
    expect((await reloadUser(t, admin)).needs_subscription_payment).toBe(true);

    const { redirect_url } = await payLocally(checkout.id);
    expect(redirect_url).toBe(
      `${TEST_APP_URL}/subscription-payments?success=true&session_id=${checkout.id}`,
    );
    // Paid means complete, before and without the browser's return call.
    expect(await paymentCount(t, checkout.id)).toBe(1);
    expect((await reloadUser(t, admin)).needs_subscription_payment).toBe(false);
    expect((await reloadUser(t, student)).needs_subscription_payment).toBe(false);

    const recorded = await post(
      `/schools/${admin.school.id}/payments`,
      { stripe_session_id: checkout.id },
      admin.token,
    );
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject({
      kind: 'subscription',
      amount: 257.78,
      school_id: admin.school.id,
      team_id: null,
      stripe_session_id: checkout.id,
      duplicate: false,
    });

    const replay = await post(
      `/schools/${admin.school.id}/payments`,
      { stripe_session_id: checkout.id },
      admin.token,
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(recorded.json());
    expect(await paymentCount(t, checkout.id)).toBe(1);
  });

  it('records one payment when pay and the return call arrive many times at once', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const checkout = await startSubscription(admin);
    await payLocally(checkout.id);
    const [pays, reports] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, () => payLocally(checkout.id))),
      Promise.all(
        Array.from({ length: 8 }, () =>
          post(
            `/schools/${admin.school.id}/payments`,
            { stripe_session_id: checkout.id },
            admin.token,
          ),
        ),
      ),
    ]);
    expect(new Set(pays.map((pay) => pay.redirect_url)).size).toBe(1);
    expect(reports.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(reports.map((r) => r.json().id)).size).toBe(1);
    expect(await paymentCount(t, checkout.id)).toBe(1);
  });

  it('refuses a checkout for no larger a tier once the school has paid', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const checkout = await startSubscription(admin);
    await payLocally(checkout.id);
    await post(
      `/schools/${admin.school.id}/payments`,
      { stripe_session_id: checkout.id },
      admin.token,
    );
    const again = await post(
      '/stripe-subscription-checkout-sessions',
      { school_id: admin.school.id, num_students: 101 },
      admin.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: PAYMENT_MESSAGES.notAnUpgrade(300) });
  });
});

describe('POST /stripe-subscription-checkout-sessions', () => {
  it('charges the tier of the student count, grossed up, whatever price the client sends', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const response = await post(
      '/stripe-subscription-checkout-sessions',
      { school_id: admin.school.id, num_students: 100, amount: 1, amount_cents: 1 },
      admin.token,
    );
    expect(response.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, response.json().id));
    expect(row).toMatchObject({ amountCents: 10_330, numStudents: 100, kind: 'subscription' });
  });

  it.each([
    [5001, PAYMENT_MESSAGES.tooManyStudents],
    [0, PAYMENT_MESSAGES.numStudentsMin],
    [undefined, 'Number of students is required'],
    ['101', 'Number of students is required'],
  ])('answers 422 for %s students and opens no session', async (numStudents, message) => {
    const admin = await signUpSchool(t.app, { paid: false });
    const response = await post(
      '/stripe-subscription-checkout-sessions',
      { school_id: admin.school.id, num_students: numStudents },
      admin.token,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: message });
    const rows = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.schoolId, admin.school.id));
    expect(rows).toHaveLength(0);
  });

  it('lets only an admin of the school start it: 403 for a student, 404 for another school', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const student = await joinSchool(t.app, admin.school.id);
    const other = await signUpSchool(t.app, { paid: false });
    const body = { school_id: admin.school.id, num_students: 101 };
    const asStudent = await post('/stripe-subscription-checkout-sessions', body, student.token);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toEqual({ error: PAYMENT_MESSAGES.onlyCoordinatorPays });
    const asOther = await post('/stripe-subscription-checkout-sessions', body, other.token);
    expect(asOther.statusCode).toBe(404);
    const anonymous = await post('/stripe-subscription-checkout-sessions', body);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /schools/{id}/payments', () => {
  it("refuses another school's session, even when paid, and records nothing for it", async () => {
    const schoolA = await signUpSchool(t.app, { paid: false });
    const schoolB = await signUpSchool(t.app, { paid: false });
    const checkout = await startSubscription(schoolA);
    await payLocally(checkout.id);
    const intoB = await post(
      `/schools/${schoolB.school.id}/payments`,
      { stripe_session_id: checkout.id },
      schoolB.token,
    );
    expect(intoB.statusCode).toBe(404);
    const asB = await post(
      `/schools/${schoolA.school.id}/payments`,
      { stripe_session_id: checkout.id },
      schoolB.token,
    );
    expect(asB.statusCode).toBe(404);
    expect(await paymentCount(t, checkout.id)).toBe(1);
    expect((await reloadUser(t, schoolA)).needs_subscription_payment).toBe(false);
    expect((await reloadUser(t, schoolB)).needs_subscription_payment).toBe(true);
  });

  it('answers 404 for an unknown session id and 422 without one', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const unknown = await post(
      `/schools/${admin.school.id}/payments`,
      { stripe_session_id: 'cs_test_nothing' },
      admin.token,
    );
    expect(unknown.statusCode).toBe(404);
    const missing = await post(`/schools/${admin.school.id}/payments`, {}, admin.token);
    expect(missing.statusCode).toBe(422);
  });
});

describe('team donation round trip', () => {
  it('lets a community member donate once to the team they joined', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const member = await joinTeam(t, admin.team_id ?? 0, { donated: false });
    expect(member.needs_team_payment).toBe(true);
    expect(member.needs_subscription_payment).toBe(false);

    const response = await post(
      '/stripe-donation-checkout-sessions',
      { team_id: member.team_id },
      member.token,
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    const page = await t.app.inject({ url: `/api/v1/local-checkout/${id}` });
    expect(page.json()).toMatchObject({ kind: 'donation', num_students: null, amount: 2.89 });
    const { redirect_url } = await payLocally(id);
    expect(redirect_url).toBe(`${TEST_APP_URL}/team-donations?success=true&session_id=${id}`);
    expect((await reloadUser(t, member)).needs_team_payment).toBe(false);

    const asSubscription = await post(
      `/schools/${admin.school.id}/payments`,
      { stripe_session_id: id },
      admin.token,
    );
    expect(asSubscription.statusCode).toBe(404);

    const recorded = await post(
      `/teams/${member.team_id}/payments`,
      { stripe_session_id: id },
      member.token,
    );
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject({
      kind: 'donation',
      amount: 2.89,
      team_id: member.team_id,
    });
    expect((await reloadUser(t, admin)).needs_subscription_payment).toBe(true);

    const again = await post(
      '/stripe-donation-checkout-sessions',
      { team_id: member.team_id },
      member.token,
    );
    expect(again.statusCode).toBe(409);
  });

  it('refuses a donation by a non-member (403) and to a team of another school (404)', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const student = await joinSchool(t.app, admin.school.id);
    const member = await joinTeam(t, admin.team_id ?? 0, { donated: false });
    const otherSchool = await signUpSchool(t.app, { paid: false });
    const byStudent = await post(
      '/stripe-donation-checkout-sessions',
      { team_id: student.team_id },
      student.token,
    );
    expect(byStudent.statusCode).toBe(403);
    const toOtherTeam = await post(
      '/stripe-donation-checkout-sessions',
      { team_id: student.team_id },
      member.token,
    );
    expect(toOtherTeam.statusCode).toBe(403);
    expect(toOtherTeam.json()).toEqual({ error: PAYMENT_MESSAGES.onlyCommunityDonates });
    const toOtherSchool = await post(
      '/stripe-donation-checkout-sessions',
      { team_id: otherSchool.team_id },
      member.token,
    );
    expect(toOtherSchool.statusCode).toBe(404);
  });

  it("refuses reporting a donation into someone else's team", async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const member = await joinTeam(t, admin.team_id ?? 0, { donated: false });
    const student = await joinSchool(t.app, admin.school.id);
    const stranger = await joinTeam(t, student.team_id ?? 0, { donated: false });
    const { id } = (
      await post('/stripe-donation-checkout-sessions', { team_id: member.team_id }, member.token)
    ).json();
    await payLocally(id);
    const intoOtherTeam = await post(
      `/teams/${stranger.team_id}/payments`,
      { stripe_session_id: id },
      stranger.token,
    );
    expect(intoOtherTeam.statusCode).toBe(404);
    const asStranger = await post(
      `/teams/${member.team_id}/payments`,
      { stripe_session_id: id },
      stranger.token,
    );
    expect(asStranger.statusCode).toBe(404);
    expect((await reloadUser(t, stranger)).needs_team_payment).toBe(true);
  });
});

describe('the built-in checkout', () => {
  it('answers 404 for unknown and malformed session ids', async () => {
    const unknown = await post(`/local-checkout/cs_local_${'a'.repeat(22)}/pay`, undefined);
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: "/api/v1/local-checkout/'; drop table x" });
    expect(malformed.statusCode).toBe(404);
  });

  it('is idempotent: paying twice still redirects to the success page', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const checkout = await startSubscription(admin);
    const first = await payLocally(checkout.id);
    const second = await payLocally(checkout.id);
    expect(second).toEqual(first);
    // Reopened, the page is told the checkout is paid (so it offers no Pay), and the second
    // pay charged nothing: one payment for the session.
    const reopened = await t.app.inject({ url: `/api/v1/local-checkout/${checkout.id}` });
    expect(reopened.json()).toMatchObject({ status: 'paid' });
    expect(await paymentCount(t, checkout.id)).toBe(1);
  });
});
