import Stripe from 'stripe';
import type { WellbankApp } from '../app.ts';
import { createStripePayments } from '../modules/payments/stripe-provider.ts';
import { type FakeCheckoutSession, startFakeStripe } from './fake-stripe.ts';
import { createTestApp } from './test-app.ts';

export const TEST_STRIPE_SECRET_KEY = 'sk_test_wellbank';
const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_wellbank_test';

/** The app as server.ts builds it with both Stripe variables set, its Stripe API faked locally. */
export async function createStripeTestApp() {
  const fakeStripe = await startFakeStripe();
  const t = await createTestApp({
    payments: createStripePayments({
      secretKey: TEST_STRIPE_SECRET_KEY,
      webhookSecret: TEST_STRIPE_WEBHOOK_SECRET,
      api: fakeStripe.api,
    }),
  });
  return {
    ...t,
    fakeStripe,
    async close() {
      await t.close();
      await fakeStripe.close();
    },
  };
}

let eventSequence = 0;

/** An event as Stripe sends it: a fresh id unless a test replays one. */
export function checkoutEvent(
  type: string,
  session: FakeCheckoutSession,
  id = `evt_test_${++eventSequence}_${Date.now()}`,
) {
  return {
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: structuredClone(session) },
  };
}

/**
 * Posts an event to the webhook signed as Stripe signs it. Stripe sends pretty-printed JSON, so a
 * server that verified re-serialised JSON instead of the raw bytes would fail every test.
 */
export function sendWebhook(
  app: WellbankApp,
  /** An event, or a raw body to sign as it is. */
  event: object | string,
  options: { secret?: string; timestamp?: number; tamper?: (payload: string) => string } = {},
) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_STRIPE_WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return app.inject({
    method: 'POST',
    url: '/api/v1/stripe-webhooks',
    payload: options.tamper ? options.tamper(payload) : payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}
