import { PAYMENT_MESSAGES } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../db/schema.ts';
import { signUpSchool } from '../../test/fixtures.ts';
import { startDonationCheckout, startSubscriptionCheckout } from '../../test/payment-calls.ts';
import { joinTeam } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { REUSE_OPEN_CHECKOUT_MS } from './open-checkout.ts';

const t = useTestApp();

async function openSessions(where: { schoolId: number } | { userId: number }) {
  return t.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.status, 'open'),
        'schoolId' in where
          ? eq(checkoutSessions.schoolId, where.schoolId)
          : eq(checkoutSessions.userId, where.userId),
      ),
    );
}

function payLocally(id: string) {
  return t.app.inject({ method: 'POST', url: `/api/v1/local-checkout/${id}/pay` });
}

describe('one open checkout per school or member', () => {
  it('answers twenty parallel subscription checkouts with one session, same id and url', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => startSubscriptionCheckout(t, admin, { num_students: 50 })),
    );
    expect(responses.map((r) => r.statusCode).filter((status) => status === 201)).toHaveLength(1);
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    const answers = new Set(responses.map((r) => r.body));
    expect(answers.size).toBe(1);
    expect(await openSessions({ schoolId: admin.school.id })).toEqual([
      { id: responses[0]?.json().id },
    ]);
  });

  it("answers a member's parallel donation checkouts with one session", async () => {
    const admin = await signUpSchool(t.app);
    const member = await joinTeam(t, admin.team_id, { donated: false });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => startDonationCheckout(t, member)),
    );
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await openSessions({ userId: member.id })).toHaveLength(1);
  });

  it('hands a second tab the open session, and a new student count a new one', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const first = (await startSubscriptionCheckout(t, admin, { num_students: 50 })).json();
    const secondTab = await startSubscriptionCheckout(t, admin, { num_students: 50 });
    expect(secondTab.statusCode).toBe(200);
    expect(secondTab.json()).toEqual(first);

    const bigger = await startSubscriptionCheckout(t, admin, { num_students: 400 });
    expect(bigger.statusCode).toBe(201);
    expect(bigger.json().id).not.toBe(first.id);
    expect(await openSessions({ schoolId: admin.school.id })).toEqual([{ id: bigger.json().id }]);
    // The replaced session can no longer be paid on the built-in checkout.
    const late = await payLocally(first.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: PAYMENT_MESSAGES.checkoutExpired });
    const page = await t.app.inject({ url: `/api/v1/local-checkout/${first.id}` });
    expect(page.json()).toMatchObject({ status: 'expired' });
  });

  it('opens a new session once the open one is nearly as old as a Stripe session lives', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const first = (await startSubscriptionCheckout(t, admin, { num_students: 50 })).json();
    t.clock.advance(REUSE_OPEN_CHECKOUT_MS + 60_000);
    const later = await startSubscriptionCheckout(t, admin, { num_students: 50 });
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.id);
  });
});
