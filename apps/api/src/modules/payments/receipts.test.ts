import { formatSchoolDay, type SessionRecord } from '@wellbank/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, schools } from '../../db/schema.ts';
import { bearer, joinSchool, signUpSchool } from '../../test/fixtures.ts';
import { startSubscriptionCheckout } from '../../test/payment-calls.ts';
import { joinTeam } from '../../test/school-fixture.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/**
 * Issue 35 §2: a school's coordinators list its subscription payments and download each one's
 * receipt, a printable HTML page saying what the receipt mail says, in the reader's language.
 */
const t = useTestApp();

function listPayments(caller: SessionRecord, schoolId = caller.school.id) {
  return t.app.inject({
    url: `/api/v1/schools/${schoolId}/payments`,
    headers: bearer(caller.token),
  });
}

function downloadReceipt(
  caller: SessionRecord,
  paymentId: number,
  options: { schoolId?: number; language?: string } = {},
) {
  return t.app.inject({
    url: `/api/v1/schools/${options.schoolId ?? caller.school.id}/payments/${paymentId}/receipt`,
    headers: { ...bearer(caller.token), 'accept-language': options.language ?? 'en' },
  });
}

/** A school that paid for 50 students, then upgraded to 250 on the test checkout. */
async function upgradedSchool(code: string) {
  const admin = await signUpSchool(t.app, { code });
  await t.db
    .update(schools)
    .set({ name: 'Lincoln <Elementary>' })
    .where(eq(schools.id, admin.school.id));
  const checkout = (await startSubscriptionCheckout(t, admin, { num_students: 250 })).json();
  await t.app.inject({ method: 'POST', url: `/api/v1/local-checkout/${checkout.id}/pay` });
  return admin;
}

describe('GET /schools/{id}/payments', () => {
  it('lists the first payment and its upgrade, oldest first', async () => {
    const admin = await upgradedSchool('RCPTL1');
    const response = await listPayments(admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        amount: 103.3,
        paid_at: expect.any(String),
        num_students: 50,
        upgraded_from: null,
      },
      {
        id: expect.any(Number),
        amount: 154.79,
        paid_at: expect.any(String),
        num_students: 250,
        upgraded_from: 100,
      },
    ]);
  });

  it('is for the school’s coordinators only', async () => {
    const admin = await upgradedSchool('RCPTL2');
    const student = await joinSchool(t.app, admin.school.id);
    const other = await signUpSchool(t.app, { code: 'RCPTL3' });
    expect((await listPayments(student, admin.school.id)).statusCode).toBe(403);
    expect((await listPayments(other, admin.school.id)).statusCode).toBe(404);
  });
});

describe('GET /schools/{schoolId}/payments/{paymentId}/receipt', () => {
  it('downloads a printable receipt of the upgrade, in the words of the receipt mail', async () => {
    const admin = await upgradedSchool('RCPTD1');
    const [, upgrade] = (await listPayments(admin)).json();
    const response = await downloadReceipt(admin, upgrade.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="wellbank-receipt-${upgrade.id}.html"`,
    );
    const day = formatSchoolDay(new Date(upgrade.paid_at), 'America/Denver');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('@media print');
    expect(html).toContain(`<title>Your Wellbank receipt: $154.79 on ${day}</title>`);
    // The school's name is the user's text: escaped.
    expect(html).toContain(
      '<p>Wellbank for Lincoln &lt;Elementary&gt;: an upgrade of its subscription from up to 100 to up to 300 students.</p>',
    );
    expect(html).toContain('<p>Amount paid, processing fee included: $154.79</p>');
    expect(html).toContain(`<p>Date: ${day}</p>`);
    expect(html).toContain(`<p>Receipt number: ${upgrade.id}</p>`);
    expect(html).toMatch(/<p>Reference: cs_local_\S+<\/p>/);
    expect(html).not.toContain('<Elementary>');
  });

  it('speaks the language of the request', async () => {
    const admin = await upgradedSchool('RCPTD2');
    const [first] = (await listPayments(admin)).json();
    const response = await downloadReceipt(admin, first.id, { language: 'es' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe('es');
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain(`Número de recibo: ${first.id}`);
    expect(response.body).not.toContain('Amount paid');
  });

  it('answers 404 for another school’s payment, a donation, a duplicate or no payment', async () => {
    const admin = await upgradedSchool('RCPTN1');
    const other = await upgradedSchool('RCPTN2');
    const [theirs] = (await listPayments(other)).json();
    const member = await joinTeam(t, admin.team_id);
    const [donation] = await t.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, member.id), eq(payments.kind, 'donation')));
    const [first, upgrade] = (await listPayments(admin)).json();
    await t.db.update(payments).set({ duplicate: true }).where(eq(payments.id, first.id));
    for (const paymentId of [theirs.id, donation?.id ?? 0, first.id, 2_000_000_000]) {
      const response = await downloadReceipt(admin, paymentId);
      expect(response.statusCode, String(paymentId)).toBe(404);
      expect(response.json()).toHaveProperty('error');
    }
    // Through their own school's path: 404 (not theirs), then the role.
    expect(
      (await downloadReceipt(admin, theirs.id, { schoolId: other.school.id })).statusCode,
    ).toBe(404);
    const student = await joinSchool(t.app, admin.school.id);
    expect((await downloadReceipt(student, upgrade.id)).statusCode).toBe(403);
    expect((await downloadReceipt(admin, upgrade.id)).statusCode).toBe(200);
  });
});
