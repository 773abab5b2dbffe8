import { PAYMENT_MESSAGES } from '@wellbank/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../db/schema.ts';
import { joinSchool, signUpSchool } from '../../test/fixtures.ts';
import {
  paymentCount,
  reloadUser,
  reportPayment,
  startDonationCheckout,
  startSubscriptionCheckout,
} from '../../test/payment-calls.ts';
import { joinTeam } from '../../test/school-fixture.ts';
import { createStripeTestApp, TEST_STRIPE_SECRET_KEY } from '../../test/stripe-test-app.ts';
import { TEST_APP_URL } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp(createStripeTestApp);

/** The one creation request the official client sent to Stripe for this session. */
function creationForm(sessionId: string): URLSearchParams {
  const [created, ...more] = t.fakeStripe.requestsFor(sessionId, 'POST');
  expect(more).toEqual([]);
  if (!created) throw new Error(`Stripe never received a creation of ${sessionId}`);
  return created.form;
}

async function subscriptionSession(numStudents = 101) {
  const admin = await signUpSchool(t.app, { paid: false });
  const response = await startSubscriptionCheckout(t, admin, { num_students: numStudents });
  expect(response.statusCode, response.body).toBe(201);
  return { admin, checkout: response.json() as { id: string; url: string } };
}

describe('Stripe checkout sessions', () => {
  it('opens a subscription session at the tier price grossed up, ignoring any client price', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const requestsBefore = t.fakeStripe.requests.length;
    const response = await startSubscriptionCheckout(t, admin, {
      num_students: 250,
      amount: 1,
      amount_cents: 1,
      unit_amount: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    const checkout = response.json();
    const session = t.fakeStripe.session(checkout.id);
    expect(checkout).toEqual({ id: session.id, url: session.url });

    const [sent, ...more] = t.fakeStripe.requests.slice(requestsBefore);
    expect(more).toEqual([]);
    expect(sent?.authorization).toBe(`Bearer ${TEST_STRIPE_SECRET_KEY}`);
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      // Tier 101–300 is $250.00; ceil((25000 + 30) / 0.971) = 25778 so the school nets $250.
      'line_items[0][price_data][unit_amount]': '25778',
      'line_items[0][price_data][product_data][name]':
        'Wellbank school subscription (101–300 students)',
      success_url: `${TEST_APP_URL}/subscription-payments?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_APP_URL}/subscription-payments?canceled=true`,
      customer_email: admin.email,
      'metadata[kind]': 'subscription',
      'metadata[school_id]': String(admin.school.id),
      'metadata[user_id]': String(admin.id),
    });

    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, checkout.id));
    expect(row).toMatchObject({
      provider: 'stripe',
      kind: 'subscription',
      schoolId: admin.school.id,
      numStudents: 250,
      amountCents: 25_778,
      status: 'open',
    });
  });

  it("opens a donation session of $2.50 grossed up, tied to the member's team", async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const member = await joinTeam(t, admin.team_id, { donated: false });
    const response = await startDonationCheckout(t, member);
    expect(response.statusCode, response.body).toBe(201);
    const form = creationForm(response.json().id);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('289');
    expect(form.get('success_url')).toBe(
      `${TEST_APP_URL}/team-donations?success=true&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(form.get('cancel_url')).toBe(`${TEST_APP_URL}/team-donations?canceled=true`);
    expect(form.get('customer_email')).toBe(member.email);
    expect(form.get('metadata[kind]')).toBe('donation');
    expect(form.get('metadata[team_id]')).toBe(String(member.team_id));
    expect(form.get('metadata[school_id]')).toBe(String(admin.school.id));
  });

  it('does not serve the built-in test checkout while Stripe is configured', async () => {
    const { checkout } = await subscriptionSession();
    const page = await t.app.inject({ url: `/api/v1/local-checkout/${checkout.id}` });
    expect(page.statusCode).toBe(404);
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/v1/local-checkout/${checkout.id}/pay`,
    });
    expect(pay.statusCode).toBe(404);
    expect(t.fakeStripe.session(checkout.id).payment_status).toBe('unpaid');
  });
});

describe('the return call with Stripe', () => {
  it('asks Stripe: an unpaid session records nothing, a paid one records exactly one payment', async () => {
    const { admin, checkout } = await subscriptionSession();
    const school = { schoolId: admin.school.id };

    const early = await reportPayment(t, admin, school, checkout.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: PAYMENT_MESSAGES.sessionNotPaid });
    expect(t.fakeStripe.requestsFor(checkout.id, 'GET')).toHaveLength(1);
    expect(await paymentCount(t, checkout.id)).toBe(0);
    expect((await reloadUser(t, admin)).needs_subscription_payment).toBe(true);

    t.fakeStripe.pay(checkout.id);
    const recorded = await reportPayment(t, admin, school, checkout.id);
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({
      kind: 'subscription',
      amount: 257.78,
      school_id: admin.school.id,
      team_id: null,
      stripe_session_id: checkout.id,
    });
    expect((await reloadUser(t, admin)).needs_subscription_payment).toBe(false);

    const replay = await reportPayment(t, admin, school, checkout.id);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(recorded.json());
    expect(await paymentCount(t, checkout.id)).toBe(1);
  });

  it('records a paid donation and clears the member flag', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const member = await joinTeam(t, admin.team_id, { donated: false });
    const { id } = (await startDonationCheckout(t, member)).json();
    t.fakeStripe.pay(id);
    const recorded = await reportPayment(t, member, { teamId: member.team_id }, id);
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ kind: 'donation', amount: 2.89 });
    expect((await reloadUser(t, member)).needs_team_payment).toBe(false);
  });

  it("refuses another school's paid session and records nothing", async () => {
    const { admin, checkout } = await subscriptionSession();
    const other = await signUpSchool(t.app, { paid: false });
    t.fakeStripe.pay(checkout.id);
    const intoOther = await reportPayment(t, other, { schoolId: other.school.id }, checkout.id);
    expect(intoOther.statusCode).toBe(404);
    const asOther = await reportPayment(t, other, { schoolId: admin.school.id }, checkout.id);
    expect(asOther.statusCode).toBe(404);
    const student = await joinSchool(t.app, admin.school.id);
    const asDonation = await reportPayment(t, student, { teamId: student.team_id }, checkout.id);
    expect(asDonation.statusCode).toBe(404);
    expect(await paymentCount(t, checkout.id)).toBe(0);
    expect((await reloadUser(t, other)).needs_subscription_payment).toBe(true);
  });

  it('refuses a session Stripe reports at another price', async () => {
    const { admin, checkout } = await subscriptionSession();
    Object.assign(t.fakeStripe.pay(checkout.id), { amount_total: 100 });
    const response = await reportPayment(t, admin, { schoolId: admin.school.id }, checkout.id);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: PAYMENT_MESSAGES.sessionMismatch });
    expect(await paymentCount(t, checkout.id)).toBe(0);
  });

  it('answers 404 when Stripe does not know the session', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const id = 'cs_test_unknown_to_stripe';
    await t.db.insert(checkoutSessions).values({
      id,
      provider: 'stripe',
      kind: 'subscription',
      schoolId: admin.school.id,
      teamId: null,
      userId: admin.id,
      numStudents: 101,
      amountCents: 25_778,
      status: 'open',
    });
    const response = await reportPayment(t, admin, { schoolId: admin.school.id }, id);
    expect(response.statusCode).toBe(404);
    expect(t.fakeStripe.requestsFor(id, 'GET')).toHaveLength(1);
    expect(await paymentCount(t, id)).toBe(0);
  });
});
