import {
  checkoutSessionSchema,
  donationCheckoutRequestSchema,
  paymentSchema,
  recordPaymentRequestSchema,
  SUBSCRIPTION_TIERS,
  subscriptionCheckoutRequestSchema,
  subscriptionSummarySchema,
  subscriptionsResponseSchema,
} from '@wellbank/domain';
import { z } from 'zod';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { responses } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { webAppUrl } from '../../http/web-app-url.ts';
import { requireSchoolRole } from '../auth/access.ts';
import { ALLOW_WHILE_UNPAID, createAuthenticate, currentUser } from '../auth/authenticate.ts';
import { localCheckoutRoutes } from './local-checkout.routes.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  assertCanReport,
  type CompletionTarget,
  completeCheckout,
  listDuplicatePayments,
  type PaymentsDeps,
  startDonationCheckout,
  startSubscriptionCheckout,
} from './payments.service.ts';
import { type StripeWebhookConfig, stripeWebhookRoutes } from './stripe-webhook.routes.ts';
import { subscriptionSummary } from './subscription-summary.ts';

export interface PaymentsConfig {
  provider: PaymentProvider;
  /** Set with Stripe and STRIPE_WEBHOOK_SECRET; without it the webhook answers 404. */
  webhook?: StripeWebhookConfig | undefined;
}

/** SPEC.md §7 Payments and DESIGN.md §1.6. Paths keep the word `stripe` for both providers. */
export function paymentsRoutes(app: App, context: AppContext, config: PaymentsConfig) {
  const deps: PaymentsDeps = {
    db: context.db,
    provider: config.provider,
    appUrl: context.appUrl,
    now: context.now,
    quoteContactEmail: context.quoteContactEmail,
    jobs: context.jobs,
  };
  const authenticate = createAuthenticate(context);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/subscriptions',
    { schema: { response: responses({ 200: subscriptionsResponseSchema }) } },
    () => ({
      quote_contact_email: context.quoteContactEmail,
      subscriptions: SUBSCRIPTION_TIERS.map((tier) => ({ ...tier })),
    }),
  );

  app.post(
    '/stripe-subscription-checkout-sessions',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        body: subscriptionCheckoutRequestSchema,
        response: responses({ 200: checkoutSessionSchema, 201: checkoutSessionSchema }),
        security,
      },
    },
    async (request, reply) => {
      const { checkout, created } = await startSubscriptionCheckout(deps, {
        user: currentUser(request),
        schoolId: request.body.school_id,
        numStudents: request.body.num_students,
        returnBase: webAppUrl(request, context.appUrl),
      });
      return reply.status(created ? 201 : 200).send(checkout);
    },
  );

  app.post(
    '/stripe-donation-checkout-sessions',
    {
      onRequest: authenticate,
      config: ALLOW_WHILE_UNPAID,
      schema: {
        body: donationCheckoutRequestSchema,
        response: responses({ 200: checkoutSessionSchema, 201: checkoutSessionSchema }),
        security,
      },
    },
    async (request, reply) => {
      const { checkout, created } = await startDonationCheckout(deps, {
        user: currentUser(request),
        teamId: request.body.team_id,
        returnBase: webAppUrl(request, context.appUrl),
      });
      return reply.status(created ? 201 : 200).send(checkout);
    },
  );

  for (const [path, kind] of [
    ['/schools/:id/payments', 'subscription'],
    ['/teams/:id/payments', 'donation'],
  ] as const) {
    app.post(
      path,
      {
        onRequest: authenticate,
        config: ALLOW_WHILE_UNPAID,
        schema: {
          params: idParams,
          body: recordPaymentRequestSchema,
          response: responses({ 200: paymentSchema, 201: paymentSchema }),
          security,
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const target: CompletionTarget =
          kind === 'subscription' ? { kind, schoolId: id } : { kind, teamId: id };
        await assertCanReport(deps.db, currentUser(request), target);
        const { payment, created } = await completeCheckout(deps, {
          sessionId: request.body.stripe_session_id,
          target,
          clientAddress: clientAddress(request),
        });
        if (created && payment.duplicate) request.log.warn({ payment }, 'duplicate payment');
        return reply.status(created ? 201 : 200).send(payment);
      },
    );
  }

  app.get(
    '/schools/:id/duplicate-payments',
    {
      onRequest: authenticate,
      // Shown on the payment page, which is where a gated coordinator is.
      config: ALLOW_WHILE_UNPAID,
      schema: {
        description:
          "Paid checkout sessions beyond the school's one subscription (or a member's one " +
          'donation), for its admins: each is refunded in the provider (its dashboard).',
        params: idParams,
        response: responses({ 200: z.array(paymentSchema) }),
        security,
      },
    },
    async (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      return listDuplicatePayments(deps.db, request.params.id);
    },
  );

  app.get(
    '/schools/:id/subscription',
    {
      onRequest: authenticate,
      schema: {
        description:
          'What the school paid for its subscription and the student places it covers and ' +
          'uses (students, and students invited whose invitation is open). Admins of the ' +
          'school only.',
        params: idParams,
        response: responses({ 200: subscriptionSummarySchema }),
        security,
      },
    },
    async (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      return subscriptionSummary(deps.db, request.params.id, deps.now());
    },
  );

  localCheckoutRoutes(app, deps);
  app.register(stripeWebhookRoutes(context.db, context.jobs, config.webhook));
}
