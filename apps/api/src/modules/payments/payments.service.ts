import {
  centsToDollars,
  DONATION_CHARGE,
  PAYMENT_MESSAGES,
  type Payment,
  subscriptionCharge,
  tierFor,
  tierLabel,
  upgradeCharge,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions, payments, teamMembers, teams, webhookEvents } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { recordAudit } from '../audit-log/audit-log.ts';
import type { AuthUser } from '../auth/sessions.ts';
import { paidNumStudents } from '../roster/student-places.ts';
import { type OpenCheckoutDeps, openCheckout } from './open-checkout.ts';
import type { CheckoutKind, ProviderCheckout } from './payment-provider.ts';
import { PAYMENT_RECEIPT_MAIL } from './receipt-mail.job.ts';

type CheckoutRow = typeof checkoutSessions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** Where a recorded payment's receipt mail is queued, in the payment's transaction. */
export type ReceiptJobs = Pick<JobQueue, 'send'>;

export interface PaymentsDeps extends OpenCheckoutDeps {
  jobs: ReceiptJobs;
  /** Named in the refusal of a school too large for the tiers. */
  quoteContactEmail: string;
  /** APP_URL when set; unset, links follow the request's origin (http/web-app-url.ts). */
  appUrl: string | undefined;
}

/** DESIGN.md §1.6: only an admin of the school, at a price the server computes from the tiers. */
export async function startSubscriptionCheckout(
  deps: PaymentsDeps,
  input: { user: AuthUser; schoolId: number; numStudents: number; returnBase: string },
) {
  const { db } = deps;
  const { user, schoolId, numStudents, returnBase } = input;
  if (user.schoolId !== schoolId) throw notFound();
  if (!user.roles.includes('admin')) {
    throw new AppError('forbidden', PAYMENT_MESSAGES.onlyCoordinatorPays);
  }
  const tier = tierFor(numStudents);
  if (!tier) {
    throw new AppError('unprocessable', PAYMENT_MESSAGES.quoteRequest(deps.quoteContactEmail));
  }
  const paid = await paidNumStudents(db, schoolId);
  const paidTier = paid === undefined ? undefined : tierFor(paid);
  if (paidTier && tier.max_students <= paidTier.max_students) {
    throw new AppError('conflict', PAYMENT_MESSAGES.notAnUpgrade(paidTier.max_students));
  }
  // An upgrade (docs/rules.md, Upgrades) charges the difference and names the cap it raises: a
  // second upgrade from that same cap is a duplicate payment, never counted twice.
  return openCheckout(deps, {
    user,
    kind: 'subscription',
    teamId: null,
    numStudents,
    upgradesFrom: paidTier ? paidTier.max_students : 0,
    amountCents: (paidTier ? upgradeCharge(paidTier, tier) : subscriptionCharge(tier)).totalCents,
    description: paidTier
      ? `Wellbank subscription upgrade (${tierLabel(paidTier)} to ${tierLabel(tier)})`
      : `Wellbank school subscription (${tierLabel(tier)})`,
    returnBase,
  });
}

/** DESIGN.md §1.6: the one-time donation of a community member to the team they joined. */
export async function startDonationCheckout(
  deps: PaymentsDeps,
  input: { user: AuthUser; teamId: number; returnBase: string },
) {
  const { db } = deps;
  const { user, teamId, returnBase } = input;
  const [team] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.schoolId, user.schoolId)));
  if (!team) throw notFound();
  const onTeam = (await teamIdOf(db, user.id)) === teamId;
  if (!user.roles.includes('community_member') || !onTeam) {
    throw new AppError('forbidden', PAYMENT_MESSAGES.onlyCommunityDonates);
  }
  if (await hasPayment(db, { userId: user.id, kind: 'donation' })) {
    throw new AppError('conflict', PAYMENT_MESSAGES.donationAlreadyMade);
  }
  return openCheckout(deps, {
    user,
    kind: 'donation',
    teamId,
    numStudents: null,
    upgradesFrom: 0,
    amountCents: DONATION_CHARGE.totalCents,
    description: `Wellbank team donation (team ${team.name})`,
    returnBase,
  });
}

export type CompletionTarget =
  | { kind: 'subscription'; schoolId: number }
  | { kind: 'donation'; teamId: number };

/**
 * The return call (`POST /schools|teams/{id}/payments`): asks the provider whether the session is
 * paid, checks it is the one we created for this school or team at this price, and records one
 * payment, however often and however concurrently it is reported.
 */
export async function completeCheckout(
  deps: PaymentsDeps,
  input: { sessionId: string; target: CompletionTarget; clientAddress: string },
): Promise<{ payment: Payment; created: boolean }> {
  const { db, provider } = deps;
  const row = await findCheckout(db, input.sessionId);
  if (!row || !belongsTo(row, input.target) || row.provider !== provider.name) throw notFound();
  const existing = await findPayment(db, row.id);
  if (existing) return { payment: toPayment(existing), created: false };
  const reported = await provider.retrieveCheckout(row.id);
  if (!reported) throw notFound();
  if (!reported.paid) throw new AppError('conflict', PAYMENT_MESSAGES.sessionNotPaid);
  if (!matchesCharge(row, reported)) {
    throw new AppError('unprocessable', PAYMENT_MESSAGES.sessionMismatch);
  }
  return db.transaction((tx) => recordPayment(tx, deps.jobs, row, input.clientAddress));
}

/**
 * A verified provider event, in one transaction, deduplicated by its id: a replayed event finds its
 * id taken and changes nothing. `reported` is the checkout session of an event that completes one,
 * whose payment is then recorded. Answers what that did; undefined for a replay or another event.
 */
export function recordProviderEvent(
  db: Db,
  jobs: ReceiptJobs,
  event: { id: string; reported: ProviderCheckout | undefined },
): Promise<CompletionOutcome | undefined> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ eventId: event.id })
      .onConflictDoNothing()
      .returning();
    if (!fresh || !event.reported) return undefined;
    return completeFromEvent(tx, jobs, event.reported);
  });
}

type CompletionOutcome = 'recorded' | 'recorded_duplicate' | 'already_recorded' | 'ignored';

/** A signed provider event said this session is paid; ignores sessions that are not ours. */
async function completeFromEvent(
  db: Db,
  jobs: ReceiptJobs,
  reported: ProviderCheckout,
): Promise<CompletionOutcome> {
  const row = await findCheckout(db, reported.id);
  if (row?.provider !== 'stripe' || !reported.paid || !matchesCharge(row, reported)) {
    return 'ignored';
  }
  const { payment, created } = await recordPayment(db, jobs, row, null);
  if (!created) return 'already_recorded';
  return payment.duplicate ? 'recorded_duplicate' : 'recorded';
}

/**
 * Records a paid session once (the unique checkout_session_id), and at most one counted payment
 * per school or member (the partial unique indexes `payments_one_*`): a second paid session is
 * kept as a duplicate to refund (decision 0004). Both hold between concurrent transactions: an
 * insert that meets another's uncommitted row waits for it, then does nothing. A new payment is
 * logged as its payer's (the checkout's user), from the address that confirmed it: null for the
 * provider's webhook (decision 0025); its payer is mailed a receipt (issue 35 §1).
 */
export async function recordPayment(
  db: Db,
  jobs: ReceiptJobs,
  row: CheckoutRow,
  clientAddress: string | null,
): Promise<{ payment: Payment; created: boolean }> {
  const values = {
    checkoutSessionId: row.id,
    kind: row.kind,
    schoolId: row.schoolId,
    teamId: row.teamId,
    userId: row.userId,
    amountCents: row.amountCents,
    upgradesFrom: row.upgradesFrom,
  };
  const insert = (duplicate: boolean) =>
    db
      .insert(payments)
      .values({ ...values, duplicate })
      .onConflictDoNothing()
      .returning();
  // The second insert runs only when the first met a constraint: this session already
  // recorded (then it meets it again), or the school or member already paid (for an upgrade:
  // already paid an upgrade from the same cap).
  const [counted] = await insert(false);
  const inserted = counted ?? (await insert(true))[0];
  if (inserted) {
    await db
      .update(checkoutSessions)
      .set({ status: 'paid' })
      .where(eq(checkoutSessions.id, row.id));
    await recordAudit(db, {
      action: row.kind === 'subscription' ? 'payment.subscription' : 'payment.donation',
      schoolId: row.schoolId,
      actorUserId: row.userId,
      target: { kind: 'payment', id: inserted.id },
      clientAddress,
    });
    await jobs.send(db, PAYMENT_RECEIPT_MAIL, { paymentId: inserted.id });
    return { payment: toPayment(inserted), created: true };
  }
  const existing = await findPayment(db, row.id);
  if (!existing) throw new Error(`payment of checkout session ${row.id} vanished`);
  return { payment: toPayment(existing), created: false };
}

/** The school's paid sessions beyond the one that counts, to refund (decision 0004). */
export async function listDuplicatePayments(db: Db, schoolId: number): Promise<Payment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.duplicate, true)))
    .orderBy(payments.id);
  return rows.map(toPayment);
}

export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

/** The caller may report payments of their own school, or of their own team. */
export async function assertCanReport(db: Db, user: AuthUser, target: CompletionTarget) {
  const allowed =
    target.kind === 'subscription'
      ? user.schoolId === target.schoolId
      : (await teamIdOf(db, user.id)) === target.teamId;
  if (!allowed) throw notFound();
}

function belongsTo(row: CheckoutRow, target: CompletionTarget): boolean {
  if (row.kind !== target.kind) return false;
  return target.kind === 'subscription'
    ? row.schoolId === target.schoolId
    : row.teamId === target.teamId;
}

/** A price is never taken from the provider's word alone: it must be the one we asked for. */
function matchesCharge(
  row: CheckoutRow,
  reported: { amountCents: number | null; currency: string | null },
): boolean {
  return reported.amountCents === row.amountCents && reported.currency?.toLowerCase() === 'usd';
}

async function findPayment(db: Db, checkoutSessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.checkoutSessionId, checkoutSessionId));
  return row;
}

async function hasPayment(
  db: Db,
  where: { kind: CheckoutKind; schoolId?: number; userId?: number },
): Promise<boolean> {
  const conditions = [eq(payments.kind, where.kind), eq(payments.duplicate, false)];
  if (where.schoolId !== undefined) conditions.push(eq(payments.schoolId, where.schoolId));
  if (where.userId !== undefined) conditions.push(eq(payments.userId, where.userId));
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

async function teamIdOf(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  return row?.teamId;
}

function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    kind: row.kind,
    amount: centsToDollars(row.amountCents),
    school_id: row.schoolId,
    team_id: row.teamId,
    stripe_session_id: row.checkoutSessionId,
    duplicate: row.duplicate,
  };
}
