import {
  checkoutSessionSchema,
  donationCheckoutRequestSchema,
  paymentReceiptText,
  paymentSchema,
  recordPaymentRequestSchema,
  SUBSCRIPTION_TIERS,
  schoolPaymentSchema,
  subscriptionCheckoutRequestSchema,
  subscriptionSummarySchema,
  subscriptionsResponseSchema,
} from '@wellbank/domain';
import { speakerOf } from '@wellbank/domain/i18n/server';
import { z } from 'zod';
import { clientAddress } from '../../http/client-address.ts';
import type { App, AppContext } from '../../http/context.ts';
import { requestLanguage } from '../../http/error-language.ts';
import { notFound, responses } from '../../http/errors.ts';
import { idParams, pathId } from '../../http/params.ts';
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
import { receiptPage } from './receipt-page.ts';
import { findReceiptPayment, isSchoolReceipt, listSchoolPayments, receiptOf } from './receipts.ts';
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

  app.get(
    '/schools/:id/payments',
    {
      onRequest: authenticate,
      schema: {
        description:
          "The school's subscription payments (the first, then its upgrades), oldest first, " +
          'each with a receipt to download. Admins of the school only.',
        params: idParams,
        response: responses({ 200: z.array(schoolPaymentSchema) }),
        security,
      },
    },
    async (request) => {
      requireSchoolRole(currentUser(request), request.params.id, 'admin');
      return listSchoolPayments(deps.db, request.params.id);
    },
  );

  app.get(
    '/schools/:schoolId/payments/:paymentId/receipt',
    {
      onRequest: authenticate,
      schema: {
        description:
          "A printable receipt (an HTML document, as an attachment) of one of the school's " +
          'subscription payments, in the language of the request. Admins of the school only.',
        params: z.object({ schoolId: pathId, paymentId: pathId }),
        response: responses({ 200: z.any().describe('text/html; charset=utf-8, an attachment') }),
        security,
      },
    },
    async (request, reply) => {
      const { schoolId, paymentId } = request.params;
      requireSchoolRole(currentUser(request), schoolId, 'admin');
      const paid = await findReceiptPayment(deps.db, paymentId);
      if (!paid || !isSchoolReceipt(paid, schoolId)) throw notFound();
      const language = requestLanguage(request);
      const text = paymentReceiptText(receiptOf(paid, language), speakerOf(language));
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-language', language)
        .header('content-disposition', `attachment; filename="wellbank-receipt-${paid.id}.html"`)
        .send(receiptPage(text, language));
    },
  );

  localCheckoutRoutes(app, deps);
  app.register(stripeWebhookRoutes(context.db, context.jobs, config.webhook));
}
