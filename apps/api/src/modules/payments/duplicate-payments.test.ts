import { duplicatePaymentNotice, type SessionRecord } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { bearer, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import {
  reloadUser,
  reportPayment,
  startDonationCheckout,
  startSubscriptionCheckout,
} from '../../test/payment-calls.ts';
import { joinTeam } from '../../test/school-fixture.ts';
import { checkoutEvent, createStripeTestApp, sendWebhook } from '../../test/stripe-test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const COMPLETED = 'checkout.session.completed';

const t = useTestApp(createStripeTestApp);

/**
 * Two different sessions of one school, both paid at Stripe: the first was replaced by a new
 * student count, but a tab that still showed it paid it anyway.
 */
async function twoPaidSubscriptions(admin: SessionRecord): Promise<string[]> {
  const first = (await startSubscriptionCheckout(t, admin, { num_students: 50 })).json().id;
  const second = (await startSubscriptionCheckout(t, admin, { num_students: 400 })).json().id;
  expect(second).not.toBe(first);
  t.fakeStripe.pay(first);
  t.fakeStripe.pay(second);
  return [first, second];
}

async function paymentsOf(schoolId: number) {
  return t.db
    .select({ session: payments.checkoutSessionId, duplicate: payments.duplicate })
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.kind, 'subscription')));
}

function listDuplicates(caller: SessionRecord, schoolId: number) {
  return t.app.inject({
    url: `/api/v1/schools/${schoolId}/duplicate-payments`,
    headers: bearer(caller.token),
  });
}

describe('a second paid session for one school', () => {
  it('records one subscription and one duplicate when both are reported at once', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const sessions = await twoPaidSubscriptions(admin);
    const reports = await Promise.all(
      sessions.flatMap((id) => [
        sendWebhook(t.app, checkoutEvent(COMPLETED, t.fakeStripe.session(id))),
        reportPayment(t, admin, { schoolId: admin.school.id }, id),
        reportPayment(t, admin, { schoolId: admin.school.id }, id),
      ]),
    );
    expect(reports.every((r) => r.statusCode < 300)).toBe(true);
    const rows = await paymentsOf(admin.school.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => !row.duplicate)).toHaveLength(1);
    expect((await reloadUser(t, admin)).needs_subscription_payment).toBe(false);

    const duplicate = rows.find((row) => row.duplicate)?.session ?? '';
    const again = await reportPayment(t, admin, { schoolId: admin.school.id }, duplicate);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ stripe_session_id: duplicate, duplicate: true });
  });

  it('shows the duplicate to the coordinator, and to no one else', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const student = await joinSchool(t.app, admin.school.id);
    const other = await signUpSchool(t.app, { paid: false });
    const [first, second] = await twoPaidSubscriptions(admin);
    await reportPayment(t, admin, { schoolId: admin.school.id }, first ?? '');
    const late = await reportPayment(t, admin, { schoolId: admin.school.id }, second ?? '');
    expect(late.statusCode).toBe(201);
    expect(late.json()).toMatchObject({ duplicate: true, amount: 463.75 });

    const listed = await listDuplicates(admin, admin.school.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([late.json()]);
    expect(duplicatePaymentNotice(late.json())).toBe(
      `A second payment of $463.75 (checkout ${second}) was received and will be refunded.`,
    );
    expect((await listDuplicates(student, admin.school.id)).statusCode).toBe(403);
    expect((await listDuplicates(other, admin.school.id)).statusCode).toBe(404);
  });

  it('counts one of two upgrades paid from the same cap, the other a duplicate', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const first = (await startSubscriptionCheckout(t, admin, { num_students: 50 })).json().id;
    await sendWebhook(t.app, checkoutEvent(COMPLETED, t.fakeStripe.pay(first)));
    const to300 = (await startSubscriptionCheckout(t, admin, { num_students: 250 })).json().id;
    const to1000 = (await startSubscriptionCheckout(t, admin, { num_students: 700 })).json().id;
    expect(to1000).not.toBe(to300);
    // The replaced session, still shown in a tab, is paid too; both are reported twice at once.
    const events = [to300, to1000].map((id) => checkoutEvent(COMPLETED, t.fakeStripe.pay(id)));
    const reports = await Promise.all([
      ...events.flatMap((event) => [sendWebhook(t.app, event), sendWebhook(t.app, event)]),
      ...[to300, to1000].map((id) => reportPayment(t, admin, { schoolId: admin.school.id }, id)),
    ]);
    expect(reports.every((r) => r.statusCode < 300)).toBe(true);
    const rows = await paymentsOf(admin.school.id);
    expect(rows).toHaveLength(3);
    const counted = rows.filter((row) => !row.duplicate).map((row) => row.session);
    expect(counted).toHaveLength(2);
    expect(counted).toContain(first);
    const summary = await t.app.inject({
      url: `/api/v1/schools/${admin.school.id}/subscription`,
      headers: bearer(admin.token),
    });
    // The cap is the counted upgrade's tier, whichever of the two was recorded first.
    expect(summary.json().student_cap).toBe(counted.includes(to300) ? 300 : 1000);
    expect((await listDuplicates(admin, admin.school.id)).json()).toHaveLength(1);
  });

  it("keeps a member's second paid donation as a duplicate", async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const member = await joinTeam(t, admin.team_id, { donated: false });
    const first = (await startDonationCheckout(t, member)).json().id;
    // Stripe's 24 hours are nearly over: the next checkout is a new session.
    t.clock.advance(24 * 60 * 60 * 1000);
    const second = (await startDonationCheckout(t, member)).json().id;
    expect(second).not.toBe(first);
    const events = [first, second].map((id) => checkoutEvent(COMPLETED, t.fakeStripe.pay(id)));
    await Promise.all(events.map((event) => sendWebhook(t.app, event)));
    const rows = await t.db
      .select({ duplicate: payments.duplicate })
      .from(payments)
      .where(eq(payments.userId, member.id));
    expect(rows.map((row) => row.duplicate).sort()).toEqual([false, true]);
    expect((await listDuplicates(admin, admin.school.id)).json()).toHaveLength(1);
  });
});
