import { MESSAGES, type SessionRecord } from '@wellbank/domain';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { webhookEvents } from '../../db/schema.ts';
import { signUpSchool } from '../../test/fixtures.ts';
import {
  paymentCount,
  reloadUser,
  reportPayment,
  startDonationCheckout,
  startSubscriptionCheckout,
} from '../../test/payment-calls.ts';
import { joinTeam } from '../../test/school-fixture.ts';
import {
  checkoutEvent,
  createStripeTestApp,
  sendWebhook,
  TEST_STRIPE_SECRET_KEY,
} from '../../test/stripe-test-app.ts';
import { TEST_APP_URL } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createStripePayments } from './stripe-provider.ts';

const COMPLETED = 'checkout.session.completed';
const ASYNC_SUCCEEDED = 'checkout.session.async_payment_succeeded';
const INVALID_SIGNATURE = { error: 'Invalid webhook signature' };

const t = useTestApp(createStripeTestApp);

async function openSubscription(): Promise<{ admin: SessionRecord; sessionId: string }> {
  const admin = await signUpSchool(t.app, { paid: false });
  const response = await startSubscriptionCheckout(t, admin, { num_students: 101 });
  expect(response.statusCode, response.body).toBe(201);
  return { admin, sessionId: response.json().id };
}

async function storedEvents(eventId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, eventId));
  return row?.n ?? 0;
}

describe('POST /stripe-webhooks', () => {
  it('records the payment of a paid session without the return call', async () => {
    const { admin, sessionId } = await openSubscription();
    const response = await sendWebhook(
      t.app,
      checkoutEvent(COMPLETED, t.fakeStripe.pay(sessionId)),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await paymentCount(t, sessionId)).toBe(1);
    expect((await reloadUser(t, admin)).needs_subscription_payment).toBe(false);

    // The user comes back after all: the same payment, not a second one.
    const late = await reportPayment(t, admin, { schoolId: admin.school.id }, sessionId);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ stripe_session_id: sessionId, amount: 257.78 });
    expect(await paymentCount(t, sessionId)).toBe(1);
  });

  it("completes a member's donation", async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const member = await joinTeam(t, admin.team_id, { donated: false });
    const { id } = (await startDonationCheckout(t, member)).json();
    const response = await sendWebhook(t.app, checkoutEvent(COMPLETED, t.fakeStripe.pay(id)));
    expect(response.statusCode).toBe(200);
    expect(await paymentCount(t, id)).toBe(1);
    expect((await reloadUser(t, member)).needs_team_payment).toBe(false);
    expect((await reloadUser(t, admin)).needs_subscription_payment).toBe(true);
  });

  it('records nothing for a completed but unpaid session, then completes on async_payment_succeeded', async () => {
    const { admin, sessionId } = await openSubscription();
    const pending = { ...t.fakeStripe.session(sessionId), status: 'complete' as const };
    const completed = await sendWebhook(t.app, checkoutEvent(COMPLETED, pending));
    expect(completed.statusCode).toBe(200);
    expect(await paymentCount(t, sessionId)).toBe(0);
    expect((await reloadUser(t, admin)).needs_subscription_payment).toBe(true);

    const succeeded = await sendWebhook(
      t.app,
      checkoutEvent(ASYNC_SUCCEEDED, t.fakeStripe.pay(sessionId)),
    );
    expect(succeeded.statusCode).toBe(200);
    expect(await paymentCount(t, sessionId)).toBe(1);
    expect((await reloadUser(t, admin)).needs_subscription_payment).toBe(false);
  });

  it('acknowledges and ignores other event types', async () => {
    const { sessionId } = await openSubscription();
    const event = checkoutEvent('checkout.session.expired', t.fakeStripe.pay(sessionId));
    const response = await sendWebhook(t.app, event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await paymentCount(t, sessionId)).toBe(0);
  });

  it('acknowledges and ignores sessions that Wellbank did not create', async () => {
    const { sessionId } = await openSubscription();
    const stranger = { ...t.fakeStripe.pay(sessionId), id: 'cs_test_from_another_app' };
    const response = await sendWebhook(t.app, checkoutEvent(COMPLETED, stranger));
    expect(response.statusCode).toBe(200);
    expect(await paymentCount(t, stranger.id)).toBe(0);
    expect(await paymentCount(t, sessionId)).toBe(0);
  });

  it('ignores a paid session whose amount is not the one Wellbank asked for', async () => {
    const { sessionId } = await openSubscription();
    const cheaper = { ...t.fakeStripe.pay(sessionId), amount_total: 1 };
    const response = await sendWebhook(t.app, checkoutEvent(COMPLETED, cheaper));
    expect(response.statusCode).toBe(200);
    expect(await paymentCount(t, sessionId)).toBe(0);
  });
});

describe('webhook signatures', () => {
  it('refuses a signature made with another secret: 400 and nothing stored', async () => {
    const { sessionId } = await openSubscription();
    const event = checkoutEvent(COMPLETED, t.fakeStripe.pay(sessionId));
    const response = await sendWebhook(t.app, event, { secret: 'whsec_someone_else' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_SIGNATURE);
    expect(await paymentCount(t, sessionId)).toBe(0);
    expect(await storedEvents(event.id)).toBe(0);
  });

  it('refuses a body changed after signing', async () => {
    const { sessionId } = await openSubscription();
    const event = checkoutEvent(COMPLETED, t.fakeStripe.session(sessionId));
    const response = await sendWebhook(t.app, event, {
      tamper: (payload) =>
        payload.replace('"payment_status": "unpaid"', '"payment_status": "paid"'),
    });
    expect(response.statusCode).toBe(400);
    expect(await paymentCount(t, sessionId)).toBe(0);
  });

  it('refuses a stale timestamp (older than five minutes), even correctly signed', async () => {
    const { sessionId } = await openSubscription();
    const event = checkoutEvent(COMPLETED, t.fakeStripe.pay(sessionId));
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const response = await sendWebhook(t.app, event, { timestamp: tenMinutesAgo });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_SIGNATURE);
    expect(await paymentCount(t, sessionId)).toBe(0);
    expect(await storedEvents(event.id)).toBe(0);
  });

  it('refuses a request without a signature header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stripe-webhooks',
      payload: { id: 'evt_unsigned', type: COMPLETED },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_SIGNATURE);
  });

  it('answers 400 for a signed body that is not JSON', async () => {
    const response = await sendWebhook(t.app, 'not json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: MESSAGES.malformedJson });
  });

  it('answers 404 when STRIPE_WEBHOOK_SECRET is not set', async () => {
    const { provider } = createStripePayments({
      secretKey: TEST_STRIPE_SECRET_KEY,
      api: t.fakeStripe.api,
    });
    const withoutSecret = await buildApp({
      db: t.db,
      jobs: t.jobs,
      appUrl: TEST_APP_URL,
      payments: { provider },
    });
    try {
      const { sessionId } = await openSubscription();
      const event = checkoutEvent(COMPLETED, t.fakeStripe.pay(sessionId));
      const response = await sendWebhook(withoutSecret, event);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MESSAGES.notFound });
      expect(await paymentCount(t, sessionId)).toBe(0);
    } finally {
      await withoutSecret.close();
    }
  });
});

describe('webhook idempotency', () => {
  it('processes an event id once: a replay changes nothing, even with another body', async () => {
    const { sessionId } = await openSubscription();
    const unpaid = checkoutEvent(COMPLETED, t.fakeStripe.session(sessionId));
    expect((await sendWebhook(t.app, unpaid)).statusCode).toBe(200);
    // Stripe never changes an event; a different body under the same id shows the id decides.
    const replay = checkoutEvent(COMPLETED, t.fakeStripe.pay(sessionId), unpaid.id);
    const response = await sendWebhook(t.app, replay);
    expect(response.statusCode).toBe(200);
    expect(await paymentCount(t, sessionId)).toBe(0);
    expect(await storedEvents(unpaid.id)).toBe(1);
  });

  it('records one payment when the same event arrives several times at once', async () => {
    const { sessionId } = await openSubscription();
    const event = checkoutEvent(COMPLETED, t.fakeStripe.pay(sessionId));
    const responses = await Promise.all(Array.from({ length: 4 }, () => sendWebhook(t.app, event)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await paymentCount(t, sessionId)).toBe(1);
    expect(await storedEvents(event.id)).toBe(1);
  });

  it('records one payment when webhooks and return calls race, in any order', async () => {
    const { admin, sessionId } = await openSubscription();
    const paid = t.fakeStripe.pay(sessionId);
    const school = { schoolId: admin.school.id };
    const [returned, completed, returnedAgain, succeeded] = await Promise.all([
      reportPayment(t, admin, school, sessionId),
      sendWebhook(t.app, checkoutEvent(COMPLETED, paid)),
      reportPayment(t, admin, school, sessionId),
      sendWebhook(t.app, checkoutEvent(ASYNC_SUCCEEDED, paid)),
    ]);
    expect([completed?.statusCode, succeeded?.statusCode]).toEqual([200, 200]);
    const returnStatuses = [returned?.statusCode, returnedAgain?.statusCode];
    expect(returnStatuses.every((status) => status === 200 || status === 201)).toBe(true);
    expect(returnStatuses.filter((status) => status === 201).length).toBeLessThanOrEqual(1);
    expect(returned?.json().id).toBe(returnedAgain?.json().id);
    expect(await paymentCount(t, sessionId)).toBe(1);
  });
});
