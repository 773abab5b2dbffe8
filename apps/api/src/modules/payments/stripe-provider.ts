import Stripe from 'stripe';
import type { PaymentProvider, ProviderCheckout } from './payment-provider.ts';

export interface StripeOptions {
  secretKey: string;
  /** Tests point the official client at a local imitation of the few endpoints used. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

function createStripeClient(options: StripeOptions): Stripe {
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.api ?? {}),
  });
}

/** Stripe Checkout in payment mode: one line at the price the server computed. */
function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(checkout) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: checkout.amountCents,
              product_data: { name: checkout.description },
            },
          },
        ],
        success_url: checkout.successUrl,
        cancel_url: checkout.cancelUrl,
        customer_email: checkout.customerEmail,
        metadata: checkout.metadata,
      });
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no url`);
      return { id: session.id, url: session.url };
    },
    async retrieveCheckout(id) {
      try {
        return fromStripeSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return undefined;
        }
        throw error;
      }
    },
  };
}

export function fromStripeSession(session: Stripe.Checkout.Session): ProviderCheckout {
  return {
    id: session.id,
    paid: session.payment_status === 'paid',
    amountCents: session.amount_total,
    currency: session.currency,
  };
}

/** Events that can report a paid checkout session (DESIGN.md §1.6). */
export const COMPLETING_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/** Real Stripe (DESIGN.md §1.6): the provider, plus the webhook when its signing secret is set. */
export function createStripePayments(
  options: StripeOptions & { webhookSecret?: string | undefined },
) {
  const stripe = createStripeClient(options);
  return {
    provider: createStripeProvider(stripe),
    webhook: options.webhookSecret ? { stripe, secret: options.webhookSecret } : undefined,
  };
}
