import {
  centsToDollars,
  localCheckoutPayResponseSchema,
  localCheckoutSchema,
  PAYMENT_MESSAGES,
} from '@wellbank/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { checkoutSessions } from '../../db/schema.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { App } from '../../http/context.ts';
import { AppError, notFound, responses } from '../../http/errors.ts';
import { webAppUrl } from '../../http/web-app-url.ts';
import { payLocalCheckout } from './local-checkout.service.ts';
import { LOCAL_SESSION_ID } from './local-provider.ts';
import { returnUrls, SESSION_ID_PLACEHOLDER } from './payment-provider.ts';
import { findCheckout, type PaymentsDeps } from './payments.service.ts';

const sessionParams = z.object({ id: z.string().regex(LOCAL_SESSION_ID) });

type CheckoutRow = typeof checkoutSessions.$inferSelect;

/**
 * The built-in test checkout (DESIGN.md §1.6), the stand-in for Stripe's hosted page: like that
 * page it needs no Wellbank sign-in, and it only exists while no Stripe key is set.
 */
export function localCheckoutRoutes(app: App, deps: PaymentsDeps) {
  const { db, provider, appUrl } = deps;

  async function openLocalCheckout(id: string) {
    if (provider.name !== 'local') {
      throw new AppError('not_found', PAYMENT_MESSAGES.checkoutUnavailable);
    }
    const row = await findCheckout(db, id);
    if (row?.provider !== 'local') throw notFound();
    return row;
  }

  /** The page the session was opened from, so the return lands where the user's session is. */
  const returnBaseOf = (row: CheckoutRow, request: FastifyRequest) =>
    row.returnBase ?? webAppUrl(request, appUrl);

  app.get(
    '/local-checkout/:id',
    { schema: { params: sessionParams, response: responses({ 200: localCheckoutSchema }) } },
    async (request) => {
      const row = await openLocalCheckout(request.params.id);
      return {
        id: row.id,
        kind: row.kind,
        description:
          row.kind === 'subscription'
            ? `School subscription for ${row.numStudents ?? 0} students`
            : 'Team donation',
        num_students: row.kind === 'subscription' ? (row.numStudents ?? 0) : null,
        amount: centsToDollars(row.amountCents),
        status: row.status,
        cancel_url: returnUrls(returnBaseOf(row, request), row.kind).cancelUrl,
      };
    },
  );

  app.post(
    '/local-checkout/:id/pay',
    {
      schema: {
        params: sessionParams,
        response: responses({ 200: localCheckoutPayResponseSchema }),
      },
    },
    async (request) => {
      const row = await openLocalCheckout(request.params.id);
      // Paying completes the payment here and now, as Stripe's webhook does: the school is
      // ungated even if the browser never comes back (decision 0004). Paying twice is a no-op.
      const { payment, created } = await payLocalCheckout(db, deps.jobs, {
        sessionId: row.id,
        clientAddress: clientAddress(request),
      });
      if (created && payment.duplicate) request.log.warn({ payment }, 'duplicate payment');
      const { successUrl } = returnUrls(returnBaseOf(row, request), row.kind);
      return { redirect_url: successUrl.replace(SESSION_ID_PLACEHOLDER, row.id) };
    },
  );
}
