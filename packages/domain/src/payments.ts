import { z } from 'zod';
import { formatCount } from './format.ts';
import { englishText, textTemplate } from './i18n/texts.ts';
import { requiredMessage } from './messages.ts';
import { dollarsToCents, formatCents } from './money.ts';
import type { RoleName } from './roles.ts';
import {
  DONATION_CENTS,
  grossUpCents,
  SUBSCRIPTION_TIERS,
  type SubscriptionTier,
} from './tiers.ts';

/** Payment requests, answers and sentences (SPEC.md §7 Payments, DESIGN.md §1.6). */

export const MAX_STUDENTS = SUBSCRIPTION_TIERS.at(-1)?.max_students ?? 5000;

const TOO_MANY_STUDENTS = textTemplate(
  /*i18n*/ 'Schools with more than {max} students: please contact us for a quote.',
  { max: 'number' },
);
const QUOTE_REQUEST = textTemplate(
  /*i18n*/ 'Schools with more than {max} students: please write to {contactEmail} for a quote.',
  { max: 'number' },
);
const NOT_AN_UPGRADE = textTemplate(
  /*i18n*/ 'Your subscription already covers up to {cap} students. To upgrade it, ask for more than {cap} students.',
  { cap: 'number' },
);
const JOIN_UNPAID = textTemplate(
  /*i18n*/ "{school}'s subscription is not paid yet. You can sign up now, but Wellbank opens for you once your coordinator has paid it.",
);

export const PAYMENT_MESSAGES = {
  tooManyStudents: englishText(TOO_MANY_STUDENTS, { max: formatCount(MAX_STUDENTS) }),
  quoteRequest: (contactEmail: string) =>
    englishText(QUOTE_REQUEST, { max: formatCount(MAX_STUDENTS), contactEmail }),
  numStudentsWhole: /*i18n*/ 'Number of students must be a whole number',
  numStudentsMin: /*i18n*/ 'Number of students must be at least 1',
  subscriptionNotActive:
    /*i18n*/ "Your school's subscription is not active yet. Please ask your coordinator.",
  joinUnpaid: (school: string) => englishText(JOIN_UNPAID, { school }),
  subscriptionDueForCoordinator:
    /*i18n*/ "Your school's subscription is not paid yet. As its coordinator, please pay it on the subscription page.",
  donationDue:
    /*i18n*/ 'Your one-time team donation is not made yet. Please make it on the team donation page.',
  /** A paid school asking for no more students than its tier covers (docs/rules.md, Upgrades). */
  notAnUpgrade: (cap: number) => englishText(NOT_AN_UPGRADE, { cap: formatCount(cap) }),
  donationAlreadyMade: /*i18n*/ 'You have already made your team donation.',
  onlyCoordinatorPays: /*i18n*/ 'Only a coordinator of the school can pay for its subscription.',
  onlyCommunityDonates:
    /*i18n*/ 'Only a family or community member of the team can make its donation.',
  sessionNotPaid: /*i18n*/ 'This checkout session has not been paid.',
  sessionMismatch: /*i18n*/ 'This checkout session does not match the payment it was created for.',
  checkoutUnavailable: /*i18n*/ 'The test checkout is not available on this server.',
  paymentsOff: /*i18n*/ 'Payments are not set up on this server yet. Please try again later.',
  checkoutExpired:
    /*i18n*/ 'This checkout has expired. Please go back and start the payment again.',
} as const;

/** A second paid checkout for what was already paid (decision 0004): shown, then refunded. */
export function duplicatePaymentNotice(payment: { amount: number; stripe_session_id: string }) {
  const amount = formatCents(dollarsToCents(payment.amount));
  return `A second payment of ${amount} (checkout ${payment.stripe_session_id}) was received and will be refunded.`;
}

const idField = (label: string) =>
  z
    .number({ error: requiredMessage(label) })
    .int(requiredMessage(label))
    .positive(requiredMessage(label))
    .max(2_147_483_647, requiredMessage(label));

export const numStudentsField = z
  .number({ error: requiredMessage(/*i18n*/ 'Number of students') })
  .int(PAYMENT_MESSAGES.numStudentsWhole)
  .min(1, PAYMENT_MESSAGES.numStudentsMin)
  .max(MAX_STUDENTS, PAYMENT_MESSAGES.tooManyStudents);

export const subscriptionCheckoutRequestSchema = z.object({
  school_id: idField('School'),
  num_students: numStudentsField,
});
export type SubscriptionCheckoutRequest = z.infer<typeof subscriptionCheckoutRequestSchema>;

export const donationCheckoutRequestSchema = z.object({ team_id: idField('Team') });

/** The checkout session id field carries the provider's name (SPEC.md §7); always `stripe`. */
export const recordPaymentRequestSchema = z.object({
  stripe_session_id: z
    .string({ error: requiredMessage(/*i18n*/ 'Checkout session id') })
    .trim()
    .min(1, requiredMessage(/*i18n*/ 'Checkout session id'))
    .max(255, requiredMessage(/*i18n*/ 'Checkout session id')),
});

export const checkoutSessionSchema = z.object({ id: z.string(), url: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** QUOTE_CONTACT_EMAIL's default: the address a large school writes to for a quote. */
export const DEFAULT_QUOTE_CONTACT_EMAIL = 'quotes@wellbank.local';

/** SPEC.md §3: a tier's amount is in cents (the one money field the wire keeps in cents). */
export const subscriptionsResponseSchema = z.object({
  /** Where a school of more than MAX_STUDENTS students asks for a quote (QUOTE_CONTACT_EMAIL). */
  quote_contact_email: z.string(),
  subscriptions: z.array(
    z.object({
      min_students: z.number().int(),
      max_students: z.number().int(),
      amount: z.number().int(),
    }),
  ),
});

export const paymentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['subscription', 'donation']),
  /** Dollars charged, fee included. */
  amount: z.number(),
  school_id: z.number().int(),
  team_id: z.number().int().nullable(),
  stripe_session_id: z.string(),
  /** True for a second paid session of what was already paid: it is refunded, not counted. */
  duplicate: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * `GET /schools/{id}/subscription` (its admins; issue 35 §1): what the school paid and the
 * student places that covers — students plus students invited and not yet joined.
 */
export const subscriptionSummarySchema = z.object({
  payment: z.object({
    /** The number of students the coordinator asked for last: its tier is the one that holds it. */
    num_students: z.number().int(),
    /** Dollars charged for the subscription and its upgrades, fees included. */
    amount: z.number(),
    /** When the last of them was paid. */
    paid_at: z.string(),
  }),
  student_cap: z.number().int(),
  seats_used: z.number().int(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/**
 * `GET /schools/{id}/payments` (its admins; issue 35 §2): each counted payment of the school's
 * subscription, oldest first, each with a receipt at `…/payments/{payment_id}/receipt`.
 */
export const schoolPaymentSchema = z.object({
  id: z.number().int(),
  /** Dollars charged, fee included. */
  amount: z.number(),
  paid_at: z.string(),
  /** The number of students it was paid for: its tier is the one that holds it. */
  num_students: z.number().int(),
  /** For an upgrade, the student cap it raised; null for the first payment. */
  upgraded_from: z.number().int().nullable(),
});
export type SchoolPayment = z.infer<typeof schoolPaymentSchema>;

/** The built-in test checkout page's view of a session (DESIGN.md §1.6). */
export const localCheckoutSchema = z.object({
  id: z.string(),
  kind: z.enum(['subscription', 'donation']),
  /** English; the web app words the item itself from `kind` and `num_students`, in any language. */
  description: z.string(),
  /** The subscription's number of students; null for a donation. */
  num_students: z.number().int().nullable(),
  /** Dollars to charge, fee included. */
  amount: z.number(),
  status: z.enum(['open', 'paid', 'expired']),
  cancel_url: z.string(),
});
export type LocalCheckout = z.infer<typeof localCheckoutSchema>;

export const localCheckoutPayResponseSchema = z.object({ redirect_url: z.string() });

/** What a page shows and the server charges: the amount, the fee on its own line, the total. */
export interface Charge {
  amountCents: number;
  feeCents: number;
  totalCents: number;
}

export function chargeFor(amountCents: number): Charge {
  const totalCents = grossUpCents(amountCents);
  return { amountCents, feeCents: totalCents - amountCents, totalCents };
}

export function subscriptionCharge(tier: SubscriptionTier): Charge {
  return chargeFor(tier.amount);
}

/**
 * Moving a paid school to a larger tier (docs/rules.md, Upgrades): the difference between the two
 * tiers' amounts, with the card fee on that difference.
 */
export function upgradeCharge(paid: SubscriptionTier, next: SubscriptionTier): Charge {
  return chargeFor(next.amount - paid.amount);
}

export const DONATION_CHARGE: Charge = chargeFor(DONATION_CENTS);

/** "1–100 students", "2,001–5,000 students". */
export function tierLabel(tier: SubscriptionTier): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `${n(tier.min_students)}–${n(tier.max_students)} students`;
}

/**
 * SPEC.md §2/§6, DESIGN.md §1.6: what a user still owes before the product opens to them. A
 * school's admins, staff and students wait for its subscription; a community member owes their
 * own team donation. The session record carries it as `needs_subscription_payment` /
 * `needs_team_payment`; the server answers 402 while it is due (apps/api/src/modules/users/README.md, "payment gates").
 */
export type PaymentDue = 'subscription' | 'donation';

export function paymentDue(
  roles: readonly RoleName[],
  paid: { schoolHasPaid: boolean; userHasDonated: boolean },
): PaymentDue | null {
  if (roles.includes('community_member') && !paid.userHasDonated) return 'donation';
  const paysSubscription = roles.some((role) => role !== 'community_member');
  return paysSubscription && !paid.schoolHasPaid ? 'subscription' : null;
}

/** The 402 `{error}`: what to pay and who pays it. */
export function paymentRequiredMessage(due: PaymentDue, roles: readonly RoleName[]): string {
  if (due === 'donation') return PAYMENT_MESSAGES.donationDue;
  return roles.includes('admin')
    ? PAYMENT_MESSAGES.subscriptionDueForCoordinator
    : PAYMENT_MESSAGES.subscriptionNotActive;
}
