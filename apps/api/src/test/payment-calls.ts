import type { SessionRecord } from '@wellbank/domain';
import { and, count, eq } from 'drizzle-orm';
import { checkoutSessions, payments } from '../db/schema.ts';
import { bearer } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

export function startSubscriptionCheckout(
  t: TestApp,
  admin: SessionRecord,
  body: { num_students: number } & Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/stripe-subscription-checkout-sessions',
    payload: { school_id: admin.school.id, ...body },
    headers: bearer(admin.token),
  });
}

export function startDonationCheckout(t: TestApp, member: SessionRecord) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/stripe-donation-checkout-sessions',
    payload: { team_id: member.team_id },
    headers: bearer(member.token),
  });
}

/** The return call the web app makes on `?success=true&session_id=…`. */
export function reportPayment(
  t: TestApp,
  user: SessionRecord,
  target: { schoolId: number } | { teamId: number | null },
  sessionId: string,
) {
  return t.app.inject({
    method: 'POST',
    url:
      'schoolId' in target
        ? `/api/v1/schools/${target.schoolId}/payments`
        : `/api/v1/teams/${target.teamId}/payments`,
    payload: { stripe_session_id: sessionId },
    headers: bearer(user.token),
  });
}

export async function paymentCount(t: TestApp, sessionId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.checkoutSessionId, sessionId));
  return row?.n ?? 0;
}

/** The user's session record as the server now sees it (payment flags included). */
export async function reloadUser(t: TestApp, user: SessionRecord): Promise<SessionRecord> {
  const response = await t.app.inject({
    url: `/api/v1/users/${user.id}`,
    headers: bearer(user.token),
  });
  return response.json();
}

/** The checkout session a fixture paid with: the school's subscription or a member's donation. */
export async function paidCheckoutId(
  t: TestApp,
  where: { schoolId: number } | { userId: number },
): Promise<string> {
  const [row] = await t.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      'schoolId' in where
        ? and(
            eq(checkoutSessions.schoolId, where.schoolId),
            eq(checkoutSessions.kind, 'subscription'),
          )
        : and(eq(checkoutSessions.userId, where.userId), eq(checkoutSessions.kind, 'donation')),
    );
  if (!row) throw new Error(`no paid checkout for ${JSON.stringify(where)}`);
  return row.id;
}

/** The id of the school's counted subscription payment (the fixtures' first one). */
export async function subscriptionPaymentId(t: TestApp, schoolId: number): Promise<number> {
  const [row] = await t.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.schoolId, schoolId),
        eq(payments.kind, 'subscription'),
        eq(payments.duplicate, false),
      ),
    )
    .orderBy(payments.id)
    .limit(1);
  if (!row) throw new Error(`no subscription payment for school ${schoolId}`);
  return row.id;
}
