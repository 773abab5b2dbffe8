import { MESSAGES } from '@wellbank/domain';
import Stripe from 'stripe';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/context.ts';
import { AppError, notFound, responses } from '../../http/errors.ts';
import { type ReceiptJobs, recordProviderEvent } from './payments.service.ts';
import { COMPLETING_EVENTS, fromStripeSession } from './stripe-provider.ts';

export interface StripeWebhookConfig {
  stripe: Stripe;
  secret: string;
}

const INVALID_SIGNATURE = 'Invalid webhook signature';

/**
 * `POST /stripe-webhooks`, in its own plugin: the signature covers the exact bytes Stripe sent, so
 * here (and only here) the body is kept raw instead of being parsed as JSON.
 */
export function stripeWebhookRoutes(
  db: Db,
  jobs: ReceiptJobs,
  config: StripeWebhookConfig | undefined,
) {
  return async function webhookPlugin(app: App) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/stripe-webhooks',
      {
        schema: {
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: responses({ 200: z.object({ received: z.literal(true) }) }),
          hide: config === undefined,
        },
      },
      async (request) => {
        if (!config) throw notFound();
        const event = verify(config, request.body, request.headers['stripe-signature']);
        const reported = COMPLETING_EVENTS.has(event.type)
          ? fromStripeSession(event.data.object as Stripe.Checkout.Session)
          : undefined;
        const outcome = await recordProviderEvent(db, jobs, { id: event.id, reported });
        if (outcome) {
          request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
        }
        return { received: true as const };
      },
    );
  };
}

function verify(config: StripeWebhookConfig, body: unknown, signature: string | undefined) {
  if (!Buffer.isBuffer(body) || !signature) {
    throw new AppError('bad_request', INVALID_SIGNATURE);
  }
  try {
    return config.stripe.webhooks.constructEvent(body, signature, config.secret);
  } catch (error) {
    // A forged, altered or stale (over 5 minutes old) request is the sender's fault: 400. Any
    // other failure is ours and stays a 5xx, so it is reported (and Stripe retries it).
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new AppError('bad_request', INVALID_SIGNATURE);
    }
    if (error instanceof SyntaxError) throw new AppError('bad_request', MESSAGES.malformedJson);
    throw error;
  }
}
