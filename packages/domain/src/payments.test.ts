import { describe, expect, it } from 'vitest';
import { translate } from './i18n/server.ts';
import {
  chargeFor,
  DONATION_CHARGE,
  MAX_STUDENTS,
  PAYMENT_MESSAGES,
  paymentDue,
  paymentRequiredMessage,
  recordPaymentRequestSchema,
  subscriptionCheckoutRequestSchema,
  tierLabel,
} from './payments.ts';
import { tierFor } from './tiers.ts';

function firstError(body: unknown): string | undefined {
  const result = subscriptionCheckoutRequestSchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('subscriptionCheckoutRequestSchema', () => {
  it('accepts every count that has a tier, 1 to 5000', () => {
    for (const n of [1, 100, 101, 300, 301, 600, 601, 1000, 1001, 2000, 2001, 5000]) {
      expect(firstError({ school_id: 1, num_students: n })).toBeUndefined();
      expect(tierFor(n)).toBeDefined();
    }
  });
  it('refuses more than 5,000 students with the contact-us sentence', () => {
    expect(MAX_STUDENTS).toBe(5000);
    expect(firstError({ school_id: 1, num_students: 5001 })).toBe(PAYMENT_MESSAGES.tooManyStudents);
    expect(PAYMENT_MESSAGES.tooManyStudents).toContain('5,000');
  });
  it('requires a whole number of students of at least 1', () => {
    expect(firstError({ school_id: 1 })).toBe('Number of students is required');
    expect(firstError({ school_id: 1, num_students: Number.NaN })).toBe(
      'Number of students is required',
    );
    expect(firstError({ school_id: 1, num_students: 0 })).toBe(PAYMENT_MESSAGES.numStudentsMin);
    expect(firstError({ school_id: 1, num_students: 10.5 })).toBe(
      PAYMENT_MESSAGES.numStudentsWhole,
    );
  });
  it('drops a price sent by the client: the body has no amount field', () => {
    const parsed = subscriptionCheckoutRequestSchema.parse({
      school_id: 1,
      num_students: 101,
      amount: 1,
    });
    expect(parsed).toEqual({ school_id: 1, num_students: 101 });
  });
});

describe('recordPaymentRequestSchema', () => {
  it('needs a non-empty stripe_session_id', () => {
    expect(recordPaymentRequestSchema.safeParse({ stripe_session_id: ' ' }).success).toBe(false);
    expect(recordPaymentRequestSchema.parse({ stripe_session_id: 'cs_1' })).toEqual({
      stripe_session_id: 'cs_1',
    });
  });
});

describe('chargeFor', () => {
  it('shows the fee on its own line and a total that grosses the amount up', () => {
    expect(chargeFor(25_000)).toEqual({ amountCents: 25_000, feeCents: 778, totalCents: 25_778 });
    expect(DONATION_CHARGE).toEqual({ amountCents: 250, feeCents: 39, totalCents: 289 });
  });
});

describe('tierLabel', () => {
  it('names the range with thousands separators', () => {
    expect(tierLabel({ min_students: 1, max_students: 100, amount: 10_000 })).toBe(
      '1–100 students',
    );
    expect(tierLabel({ min_students: 1001, max_students: 2000, amount: 120_000 })).toBe(
      '1,001–2,000 students',
    );
  });
});

describe('paymentDue', () => {
  const unpaid = { schoolHasPaid: false, userHasDonated: false };
  it("holds a school's members until it has paid, whatever their role", () => {
    for (const roles of [['admin', 'staff'], ['staff'], ['student']] as const) {
      expect(paymentDue(roles, unpaid)).toBe('subscription');
      expect(paymentDue(roles, { ...unpaid, schoolHasPaid: true })).toBeNull();
    }
  });
  it('holds a community member until their own donation, whether or not the school paid', () => {
    expect(paymentDue(['community_member'], { ...unpaid, schoolHasPaid: true })).toBe('donation');
    expect(paymentDue(['community_member'], { ...unpaid, userHasDonated: true })).toBeNull();
  });
});

describe('paymentRequiredMessage', () => {
  it('tells the coordinator to pay, everyone else whom to ask, a member to donate', () => {
    expect(paymentRequiredMessage('subscription', ['admin', 'staff'])).toBe(
      PAYMENT_MESSAGES.subscriptionDueForCoordinator,
    );
    expect(paymentRequiredMessage('subscription', ['student'])).toBe(
      PAYMENT_MESSAGES.subscriptionNotActive,
    );
    expect(paymentRequiredMessage('donation', ['community_member'])).toBe(
      PAYMENT_MESSAGES.donationDue,
    );
  });
});

describe('payment texts with values in Spanish', () => {
  it('translates the unpaid school notice of the join page, the school name as it is', () => {
    expect(translate('es', PAYMENT_MESSAGES.joinUnpaid('Lincoln Elementary'))).toBe(
      'La suscripción de Lincoln Elementary todavía no está pagada. Puedes registrarte ahora, pero Wellbank se abrirá para ti cuando tu coordinador la pague.',
    );
  });
});
