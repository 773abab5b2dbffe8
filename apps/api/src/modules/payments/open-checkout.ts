import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutSessions, users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthUser } from '../auth/sessions.ts';
import { type CheckoutKind, type PaymentProvider, returnUrls } from './payment-provider.ts';

/** Stripe expires a Checkout session after 24 hours; one this old is not handed out again. */
export const REUSE_OPEN_CHECKOUT_MS = 23 * 60 * 60 * 1000;

type CheckoutRow = typeof checkoutSessions.$inferSelect;

/** A few rounds are plenty: a round is only lost to a request that opened one meanwhile. */
const ATTEMPTS = 3;

export interface OpenCheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  now: () => Date;
}

export interface CheckoutRequest {
  user: AuthUser;
  kind: CheckoutKind;
  teamId: number | null;
  numStudents: number | null;
  /** An upgrade's: the student cap the school had paid; 0 otherwise. */
  upgradesFrom: number;
  amountCents: number;
  description: string;
  /** The web app's base URL the checkout returns to (http/web-app-url.ts). */
  returnBase: string;
}

/**
 * One open checkout per school (subscription) or member (donation), held by the partial unique
 * indexes `checkout_sessions_one_open_*`: a second request, from another tab or at the same
 * instant, is answered the open session's id and url (decision 0004); `created` says which.
 * The provider is asked before the insert (its id is our key), so a request that loses the race
 * leaves an unused provider session behind, which nobody is shown and the provider expires.
 * Nothing is written before the provider has answered.
 */
export async function openCheckout(deps: OpenCheckoutDeps, request: CheckoutRequest) {
  const { db, now } = deps;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [open] = await db.select().from(checkoutSessions).where(openSessionOf(request));
    if (open?.url && isReusable(open, request, now())) {
      return { checkout: { id: open.id, url: open.url }, created: false };
    }
    const created = await createCheckout(deps, request);
    const inserted = await db.transaction(async (tx) => {
      if (open) {
        await tx
          .update(checkoutSessions)
          .set({ status: 'expired' })
          .where(and(eq(checkoutSessions.id, open.id), eq(checkoutSessions.status, 'open')));
      }
      const [row] = await tx
        .insert(checkoutSessions)
        .values({
          id: created.id,
          provider: deps.provider.name,
          kind: request.kind,
          schoolId: request.user.schoolId,
          teamId: request.teamId,
          userId: request.user.id,
          numStudents: request.numStudents,
          upgradesFrom: request.upgradesFrom,
          amountCents: request.amountCents,
          status: 'open',
          url: created.url,
          returnBase: request.returnBase,
          createdAt: now(),
        })
        .onConflictDoNothing()
        .returning({ id: checkoutSessions.id });
      return row;
    });
    // Lost to a request that opened one meanwhile: the next round looks at that one.
    if (inserted) return { checkout: created, created: true };
  }
  throw new Error(`no open checkout after ${ATTEMPTS} attempts for user ${request.user.id}`);
}

/**
 * An open session is handed out again only at the same price (a new student count gets a new
 * one) from the same paid cap (an upgrade's price can equal another tier's), for the same origin, and well before the provider expires it; otherwise it is expired
 * when its successor is stored.
 */
function isReusable(open: CheckoutRow, request: CheckoutRequest, now: Date): boolean {
  return (
    open.amountCents === request.amountCents &&
    open.upgradesFrom === request.upgradesFrom &&
    open.returnBase === request.returnBase &&
    now.getTime() - open.createdAt.getTime() < REUSE_OPEN_CHECKOUT_MS
  );
}

function openSessionOf(request: CheckoutRequest): SQL | undefined {
  const owner =
    request.kind === 'subscription'
      ? eq(checkoutSessions.schoolId, request.user.schoolId)
      : eq(checkoutSessions.userId, request.user.id);
  return and(eq(checkoutSessions.kind, request.kind), eq(checkoutSessions.status, 'open'), owner);
}

async function createCheckout(deps: OpenCheckoutDeps, request: CheckoutRequest) {
  const { user, kind, teamId } = request;
  const [account] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, user.id));
  if (!account) throw notFound();
  return deps.provider.createCheckout({
    kind,
    amountCents: request.amountCents,
    description: request.description,
    ...returnUrls(request.returnBase, kind),
    returnBase: request.returnBase,
    customerEmail: account.email ?? undefined,
    metadata: {
      kind,
      school_id: String(user.schoolId),
      user_id: String(user.id),
      ...(teamId === null ? {} : { team_id: String(teamId) }),
    },
  });
}
