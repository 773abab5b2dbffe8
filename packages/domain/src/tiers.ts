export interface SubscriptionTier {
  min_students: number;
  max_students: number;
  /** Cents. */
  amount: number;
}

/** DESIGN.md §1.6. */
export const SUBSCRIPTION_TIERS: readonly SubscriptionTier[] = [
  { min_students: 1, max_students: 100, amount: 10_000 },
  { min_students: 101, max_students: 300, amount: 25_000 },
  { min_students: 301, max_students: 600, amount: 45_000 },
  { min_students: 601, max_students: 1000, amount: 70_000 },
  { min_students: 1001, max_students: 2000, amount: 120_000 },
  { min_students: 2001, max_students: 5000, amount: 250_000 },
];

export const DEFAULT_NUM_STUDENTS = 101;
export const DONATION_CENTS = 250;

export function tierFor(numStudents: number): SubscriptionTier | undefined {
  return SUBSCRIPTION_TIERS.find(
    (t) => numStudents >= t.min_students && numStudents <= t.max_students,
  );
}

const CARD_FEE_FIXED_CENTS = 30;
const CARD_FEE_PER_MILLE = 29;

/** The charge such that the school receives `amountCents` after the 2.9% + 30¢ card fee. */
export function grossUpCents(amountCents: number): number {
  return Math.ceil(((amountCents + CARD_FEE_FIXED_CENTS) * 1000) / (1000 - CARD_FEE_PER_MILLE));
}

export function processingFeeCents(amountCents: number): number {
  return grossUpCents(amountCents) - amountCents;
}
