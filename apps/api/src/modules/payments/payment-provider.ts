/**
 * One interface, three implementations: Stripe Checkout, the built-in test checkout, or none
 * (payments off, decision 0046).
 */

export type CheckoutKind = 'subscription' | 'donation';

interface NewCheckout {
  kind: CheckoutKind;
  amountCents: number;
  description: string;
  /** Contains `{CHECKOUT_SESSION_ID}`, which the provider replaces (Stripe's convention). */
  successUrl: string;
  cancelUrl: string;
  /** The web app's base URL for this checkout (http/web-app-url.ts). */
  returnBase: string;
  /** Undefined for an account without an address (decision 0063): Stripe's page asks for one. */
  customerEmail: string | undefined;
  metadata: Record<string, string>;
}

/** What the provider says about a checkout session. */
export interface ProviderCheckout {
  id: string;
  paid: boolean;
  amountCents: number | null;
  currency: string | null;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe' | 'none';
  createCheckout(checkout: NewCheckout): Promise<{ id: string; url: string }>;
  /** Undefined when the provider does not know the id. */
  retrieveCheckout(id: string): Promise<ProviderCheckout | undefined>;
}

export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

const PAGE_BY_KIND = {
  subscription: '/subscription-payments',
  donation: '/team-donations',
} as const;

/** Where the checkout returns to (SPEC.md §4 Payment return). */
export function returnUrls(returnBase: string, kind: CheckoutKind) {
  const page = `${returnBase}${PAGE_BY_KIND[kind]}`;
  return {
    successUrl: `${page}?success=true&session_id=${SESSION_ID_PLACEHOLDER}`,
    cancelUrl: `${page}?canceled=true`,
  };
}
