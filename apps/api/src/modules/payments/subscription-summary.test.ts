import { centsToDollars, chargeFor, tierFor } from '@wellbank/domain';
import { describe, expect, it } from 'vitest';
import { bearer, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/** Issue 35 §1 "What was paid": GET /schools/{id}/subscription. */
const t = useTestApp();

function summaryOf(schoolId: number, token: string) {
  return t.app.inject({ url: `/api/v1/schools/${schoolId}/subscription`, headers: bearer(token) });
}

describe('GET /schools/{id}/subscription', () => {
  it('tells the coordinator what was paid, when, the places it covers and the places used', async () => {
    const before = t.clock.now();
    const admin = await signUpSchool(t.app); // paid for 50 students: the 1–100 tier
    await joinSchool(t.app, admin.school.id);
    await joinSchool(t.app, admin.school.id);
    const response = await summaryOf(admin.school.id, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const tier = tierFor(50);
    if (!tier) throw new Error('no tier holds 50 students');
    expect(response.json()).toEqual({
      payment: {
        num_students: 50,
        amount: centsToDollars(chargeFor(tier.amount).totalCents),
        paid_at: expect.any(String),
      },
      student_cap: tier.max_students,
      seats_used: 2,
    });
    expect(Date.parse(response.json().payment.paid_at)).toBeGreaterThanOrEqual(before.getTime());
  });

  it('is closed before the school pays, like every gated call', async () => {
    const unpaid = await signUpSchool(t.app, { paid: false });
    expect((await summaryOf(unpaid.school.id, unpaid.token)).statusCode).toBe(402);
  });

  it("is the school's coordinators' alone", async () => {
    const admin = await signUpSchool(t.app);
    const student = await joinSchool(t.app, admin.school.id);
    expect((await summaryOf(admin.school.id, student.token)).statusCode).toBe(403);
    const other = await signUpSchool(t.app);
    expect((await summaryOf(admin.school.id, other.token)).statusCode).toBe(404);
  });
});
