import {
  PAYMENT_MESSAGES,
  type SessionRecord,
  subscriptionCharge,
  tierFor,
  upgradeCharge,
} from '@wellbank/domain';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions, payments } from '../../db/schema.ts';
import { bearer, signUpSchool } from '../../test/fixtures.ts';
import { reportPayment, startSubscriptionCheckout } from '../../test/payment-calls.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/**
 * Issue 35 "Seats and money" §1 (docs/rules.md, Upgrades; decision 0067): a paid school moves to
 * a larger tier through the same checkout route, paying the difference; its cap rises when the
 * upgrade is paid, once however often and however concurrently that is reported.
 */
const t = useTestApp();

const TIER_1 = tierFor(50);
const TIER_2 = tierFor(250);
if (!TIER_1 || !TIER_2) throw new Error('the tiers moved');

function payLocally(id: string) {
  return t.app.inject({ method: 'POST', url: `/api/v1/local-checkout/${id}/pay` });
}

async function studentCap(admin: SessionRecord): Promise<number> {
  const response = await t.app.inject({
    url: `/api/v1/schools/${admin.school.id}/subscription`,
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().student_cap;
}

/** What the roster import's preview says the school may hold. */
async function previewCap(admin: SessionRecord): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/schools/${admin.school.id}/roster?dry_run=1`,
    headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
    payload: 'first_name,last_name,email,role\nAna,Ruiz,ana.upgrade@lincoln.example,student\n',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().student_cap;
}

async function subscriptionPayments(schoolId: number) {
  const [row] = await t.db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.kind, 'subscription')));
  return row?.n ?? 0;
}

describe('upgrading a paid subscription', () => {
  it('charges the difference between the two tiers, with the fee on that difference', async () => {
    // The fixture's school paid for 50 students: the 1–100 tier.
    const admin = await signUpSchool(t.app);
    const response = await startSubscriptionCheckout(t, admin, { num_students: 250, amount: 1 });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, response.json().id));
    const charge = upgradeCharge(TIER_1, TIER_2);
    // $250 − $100 = $150, grossed up: ceil((15000 + 30) / 0.971) = 15479.
    expect(charge).toEqual({ amountCents: 15_000, feeCents: 479, totalCents: 15_479 });
    expect(row).toMatchObject({
      kind: 'subscription',
      numStudents: 250,
      upgradesFrom: 100,
      amountCents: 15_479,
      status: 'open',
    });
    expect(charge.totalCents).toBeLessThan(subscriptionCharge(TIER_2).totalCents);
  });

  it('refuses no larger a tier with 409 and writes nothing', async () => {
    const admin = await signUpSchool(t.app);
    const before = await t.db.select({ n: count() }).from(checkoutSessions);
    for (const numStudents of [1, 50, 100]) {
      const response = await startSubscriptionCheckout(t, admin, { num_students: numStudents });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: PAYMENT_MESSAGES.notAnUpgrade(100) });
    }
    expect(await t.db.select({ n: count() }).from(checkoutSessions)).toEqual(before);
    // Above the last tier is a quote, as for a first payment.
    expect((await startSubscriptionCheckout(t, admin, { num_students: 5001 })).statusCode).toBe(
      422,
    );
  });

  it('raises the cap as soon as the upgrade is paid, and only then', async () => {
    const admin = await signUpSchool(t.app);
    const checkout = (await startSubscriptionCheckout(t, admin, { num_students: 250 })).json();
    expect(await studentCap(admin)).toBe(100);
    expect(await previewCap(admin)).toBe(100);
    expect((await payLocally(checkout.id)).statusCode).toBe(200);
    // Before the browser comes back: the checkout's pay call recorded it.
    expect(await studentCap(admin)).toBe(300);
    expect(await previewCap(admin)).toBe(300);
    const summary = await t.app.inject({
      url: `/api/v1/schools/${admin.school.id}/subscription`,
      headers: bearer(admin.token),
    });
    expect(summary.json().payment).toMatchObject({
      num_students: 250,
      amount: (subscriptionCharge(TIER_1).totalCents + 15_479) / 100,
    });
    // Now the 101–300 tier is the one paid: 300 is no upgrade, 301 is one from 300.
    expect((await startSubscriptionCheckout(t, admin, { num_students: 300 })).json()).toEqual({
      error: PAYMENT_MESSAGES.notAnUpgrade(300),
    });
    const next = await startSubscriptionCheckout(t, admin, { num_students: 301 });
    expect(next.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, next.json().id));
    // $450 − $250 = $200, grossed up: ceil((20000 + 30) / 0.971) = 20629.
    expect(row).toMatchObject({ upgradesFrom: 300, amountCents: 20_629 });
  });

  it('opens one checkout for parallel upgrades, and records one payment however it completes', async () => {
    const admin = await signUpSchool(t.app);
    const opened = await Promise.all(
      Array.from({ length: 10 }, () => startSubscriptionCheckout(t, admin, { num_students: 250 })),
    );
    expect(opened.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(opened.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(new Set(opened.map((r) => r.body)).size).toBe(1);
    const id = opened[0]?.json().id;

    // Paid three times at once, then reported three times at once (a report before the pay
    // would rightly be refused as unpaid).
    const pays = await Promise.all([payLocally(id), payLocally(id), payLocally(id)]);
    expect(pays.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const reports = await Promise.all(
      [1, 2, 3].map(() => reportPayment(t, admin, { schoolId: admin.school.id }, id)),
    );
    expect(reports.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(reports.map((r) => r.json().id)).size).toBe(1);
    // The first subscription and this one upgrade, neither a duplicate.
    const rows = await t.db
      .select({ upgradesFrom: payments.upgradesFrom, duplicate: payments.duplicate })
      .from(payments)
      .where(and(eq(payments.schoolId, admin.school.id), eq(payments.kind, 'subscription')))
      .orderBy(payments.id);
    expect(rows).toEqual([
      { upgradesFrom: 0, duplicate: false },
      { upgradesFrom: 100, duplicate: false },
    ]);
    expect(await studentCap(admin)).toBe(300);
    expect((await payLocally(id)).statusCode).toBe(200);
    expect(await subscriptionPayments(admin.school.id)).toBe(2);
  });

  it('expires an open upgrade checkout when another student count is asked for', async () => {
    const admin = await signUpSchool(t.app);
    const first = (await startSubscriptionCheckout(t, admin, { num_students: 250 })).json();
    const second = (await startSubscriptionCheckout(t, admin, { num_students: 700 })).json();
    expect(second.id).not.toBe(first.id);
    expect((await payLocally(first.id)).statusCode).toBe(409);
    expect((await payLocally(second.id)).statusCode).toBe(200);
    expect(await studentCap(admin)).toBe(1000);
    expect(await subscriptionPayments(admin.school.id)).toBe(2);
  });
});
