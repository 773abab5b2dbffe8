import {
  centsToDollars,
  DONATION_CHARGE,
  PAYMENT_MESSAGES,
  type Payment,
  subscriptionCharge,
  tierFor,
  tierLabel,
} from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions, payments, teamMembers, teams, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuthUser } from '../auth/sessions.ts';
import { type CheckoutKind, type PaymentProvider, returnUrls } from './payment-provider.ts';

type CheckoutRow = typeof checkoutSessions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  appUrl: string;
}

/** DESIGN.md §1.6: only an admin of the school, at a price the server computes from the tiers. */
export async function startSubscriptionCheckout(
  deps: PaymentsDeps,
  input: { user: AuthUser; schoolId: number; numStudents: number },
) {
  const { db } = deps;
  const { user, schoolId, numStudents } = input;
  if (user.schoolId !== schoolId) throw notFound();
  if (!user.roles.includes('admin')) {
    throw new AppError('forbidden', PAYMENT_MESSAGES.onlyCoordinatorPays);
  }
  const tier = tierFor(numStudents);
  if (!tier) throw new AppError('unprocessable', PAYMENT_MESSAGES.tooManyStudents);
  if (await hasPayment(db, { schoolId, kind: 'subscription' })) {
    throw new AppError('conflict', PAYMENT_MESSAGES.subscriptionAlreadyPaid);
  }
  return openCheckout(deps, {
    user,
    kind: 'subscription',
    teamId: null,
    numStudents,
    amountCents: subscriptionCharge(tier).totalCents,
    description: `Wellbank school subscription (${tierLabel(tier)})`,
  });
}

/** DESIGN.md §1.6: the one-time donation of a community member to the team they joined. */
export async function startDonationCheckout(
  deps: PaymentsDeps,
  input: { user: AuthUser; teamId: number },
) {
  const { db } = deps;
  const { user, teamId } = input;
  const [team] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.schoolId, user.schoolId)));
  if (!team) throw notFound();
  const onTeam = (await teamIdOf(db, user.id)) === teamId;
  if (!user.roles.includes('community_member') || !onTeam) {
    throw new AppError('forbidden', PAYMENT_MESSAGES.onlyCommunityDonates);
  }
  if (await hasPayment(db, { userId: user.id, teamId, kind: 'donation' })) {
    throw new AppError('conflict', PAYMENT_MESSAGES.donationAlreadyMade);
  }
  return openCheckout(deps, {
    user,
    kind: 'donation',
    teamId,
    numStudents: null,
    amountCents: DONATION_CHARGE.totalCents,
    description: `Wellbank team donation (team ${team.name})`,
  });
}

async function openCheckout(
  deps: PaymentsDeps,
  input: {
    user: AuthUser;
    kind: CheckoutKind;
    teamId: number | null;
    numStudents: number | null;
    amountCents: number;
    description: string;
  },
) {
  const { db, provider, appUrl } = deps;
  const { user, kind, teamId } = input;
  const [account] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, user.id));
  if (!account) throw notFound();
  const checkout = await provider.createCheckout({
    kind,
    amountCents: input.amountCents,
    description: input.description,
    ...returnUrls(appUrl, kind),
    customerEmail: account.email,
    metadata: {
      kind,
      school_id: String(user.schoolId),
      user_id: String(user.id),
      ...(teamId === null ? {} : { team_id: String(teamId) }),
    },
  });
  await db.insert(checkoutSessions).values({
    id: checkout.id,
    provider: provider.name,
    kind,
    schoolId: user.schoolId,
    teamId,
    userId: user.id,
    numStudents: input.numStudents,
    amountCents: input.amountCents,
    status: 'open',
  });
  return checkout;
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
  input: { sessionId: string; target: CompletionTarget },
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
  return db.transaction((tx) => recordPayment(tx, row));
}

/** A signed provider event said this session is paid; ignores sessions that are not ours. */
export async function completeFromEvent(
  db: Db,
  reported: { id: string; paid: boolean; amountCents: number | null; currency: string | null },
): Promise<'recorded' | 'already_recorded' | 'ignored'> {
  const row = await findCheckout(db, reported.id);
  if (row?.provider !== 'stripe' || !reported.paid || !matchesCharge(row, reported)) {
    return 'ignored';
  }
  const { created } = await recordPayment(db, row);
  return created ? 'recorded' : 'already_recorded';
}

/** The unique checkout_session_id makes this idempotent, also between concurrent transactions. */
export async function recordPayment(
  db: Db,
  row: CheckoutRow,
): Promise<{ payment: Payment; created: boolean }> {
  const [inserted] = await db
    .insert(payments)
    .values({
      checkoutSessionId: row.id,
      kind: row.kind,
      schoolId: row.schoolId,
      teamId: row.teamId,
      userId: row.userId,
      amountCents: row.amountCents,
    })
    .onConflictDoNothing({ target: payments.checkoutSessionId })
    .returning();
  if (inserted) {
    await db
      .update(checkoutSessions)
      .set({ status: 'paid' })
      .where(eq(checkoutSessions.id, row.id));
    return { payment: toPayment(inserted), created: true };
  }
  const existing = await findPayment(db, row.id);
  if (!existing) throw new Error(`payment of checkout session ${row.id} vanished`);
  return { payment: toPayment(existing), created: false };
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
  where: { kind: CheckoutKind; schoolId?: number; userId?: number; teamId?: number },
): Promise<boolean> {
  const conditions = [eq(payments.kind, where.kind)];
  if (where.schoolId !== undefined) conditions.push(eq(payments.schoolId, where.schoolId));
  if (where.userId !== undefined) conditions.push(eq(payments.userId, where.userId));
  if (where.teamId !== undefined) conditions.push(eq(payments.teamId, where.teamId));
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
  };
}
