import { PAYMENT_MESSAGES } from '@wellbank/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { bearer, signUpSchool } from '../../test/fixtures.ts';
import { paymentCount, startSubscriptionCheckout } from '../../test/payment-calls.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createNoPaymentsProvider } from './no-payments-provider.ts';

describe('ALLOW_TEST_CHECKOUT and who takes payments', () => {
  const modeOf = (variables: Record<string, string>) => {
    const result = parseEnv(variables);
    return result.ok ? result.env.PAYMENTS : result.message;
  };

  it('turns the test checkout off on an https APP_URL without a Stripe key, unless asked for', () => {
    expect(modeOf({})).toBe('test-checkout');
    expect(modeOf({ APP_URL: 'http://localhost:3000' })).toBe('test-checkout');
    expect(modeOf({ APP_URL: 'https://wellbank.example' })).toBe('off');
    expect(modeOf({ APP_URL: 'https://wellbank.example', ALLOW_TEST_CHECKOUT: '1' })).toBe(
      'test-checkout',
    );
    expect(modeOf({ ALLOW_TEST_CHECKOUT: '0' })).toBe('off');
    expect(modeOf({ APP_URL: 'https://wellbank.example', STRIPE_SECRET_KEY: 'sk_live_x' })).toBe(
      'stripe',
    );
  });

  it('refuses a value other than 1 or 0, and the test checkout together with Stripe', () => {
    expect(modeOf({ ALLOW_TEST_CHECKOUT: 'yes' })).toBe(
      'Invalid environment: ALLOW_TEST_CHECKOUT: must be 1 or 0',
    );
    expect(modeOf({ ALLOW_TEST_CHECKOUT: '1', STRIPE_SECRET_KEY: 'sk_live_x' })).toBe(
      'Invalid environment: ALLOW_TEST_CHECKOUT: the test checkout cannot be on while STRIPE_SECRET_KEY is set',
    );
  });
});

describe('a server whose payments are off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('opens no checkout (503), and its test checkout pays nothing, not even a session opened before', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const opened = await startSubscriptionCheckout(t, admin, { num_students: 101 });
    expect(opened.statusCode, opened.body).toBe(201);
    const { id } = opened.json();

    const off = await buildApp({
      db: t.db,
      jobs: t.jobs,
      appUrl: 'https://wellbank.example',
      payments: { provider: createNoPaymentsProvider() },
    });
    try {
      const refused = await off.inject({
        method: 'POST',
        url: '/api/v1/stripe-subscription-checkout-sessions',
        payload: { school_id: admin.school.id, num_students: 101 },
        headers: bearer(admin.token),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: PAYMENT_MESSAGES.paymentsOff });
      for (const request of [
        { method: 'GET' as const, url: `/api/v1/local-checkout/${id}` },
        { method: 'POST' as const, url: `/api/v1/local-checkout/${id}/pay` },
      ]) {
        const answer = await off.inject(request);
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ error: PAYMENT_MESSAGES.checkoutUnavailable });
      }
      const reported = await off.inject({
        method: 'POST',
        url: `/api/v1/schools/${admin.school.id}/payments`,
        payload: { stripe_session_id: id },
        headers: bearer(admin.token),
      });
      expect(reported.statusCode).toBe(404);
      expect(await paymentCount(t, id)).toBe(0);
    } finally {
      await off.close();
    }
  });
});
