import { chargeFor, formatCents, formatSchoolDay, tierFor } from '@wellbank/domain';
import { describe, expect, it } from 'vitest';
import { signUpSchool } from '../../test/fixtures.ts';
import { startSubscriptionCheckout } from '../../test/payment-calls.ts';
import { joinTeam } from '../../test/school-fixture.ts';
import { mailsTo, useSmtpTestApp } from '../../test/smtp-test-app.ts';
import { waitFor } from '../../test/wait-for.ts';

/**
 * Issue 35 §1: every payment mails its payer a receipt (amount, day, school, what it buys),
 * through the queue's workers, to a real SMTP server on loopback.
 */
const t = useSmtpTestApp();

/** The receipts an address has received. */
async function receiptsTo(email: string) {
  const mails = await mailsTo(t.smtp, email);
  return mails.filter((mail) => mail.subject.startsWith('Your Wellbank receipt'));
}

async function theReceiptOf(email: string, nth = 1) {
  await waitFor('the receipt', async () => (await receiptsTo(email)).length >= nth);
  const receipts = await receiptsTo(email);
  expect(receipts).toHaveLength(nth);
  return receipts[nth - 1] ?? { subject: '', text: '' };
}

describe('the receipt of a payment', () => {
  it('tells the coordinator what the subscription cost, when, and what it buys', async () => {
    const admin = await signUpSchool(t.app, { code: 'RCPT01', email: 'rcpt01@lincoln.example' });
    const day = formatSchoolDay(t.clock.now(), 'America/Denver');
    const tier = tierFor(50);
    const amount = formatCents(chargeFor(tier?.amount ?? 0).totalCents);
    const receipt = await theReceiptOf(admin.email);
    expect(receipt.subject).toBe(`Your Wellbank receipt: ${amount} on ${day}`);
    expect(receipt.text).toContain('Hello Carla,');
    expect(receipt.text).toContain(
      `Wellbank for Lincoln Elementary: a one-time subscription for up to ${tier?.max_students} students.`,
    );
    expect(receipt.text).toContain(`Amount paid, processing fee included: ${amount}`);
    expect(receipt.text).toMatch(/^Reference: cs_local_\S+$/m);
  });

  it('says an upgrade is one, from the cap it raises to the new one', async () => {
    const admin = await signUpSchool(t.app, { code: 'RCPT03', email: 'rcpt03@lincoln.example' });
    await theReceiptOf(admin.email);
    const checkout = (await startSubscriptionCheckout(t, admin, { num_students: 250 })).json();
    await t.app.inject({ method: 'POST', url: `/api/v1/local-checkout/${checkout.id}/pay` });
    const receipt = await theReceiptOf(admin.email, 2);
    expect(receipt.subject).toMatch(/^Your Wellbank receipt: \$154\.79 on /);
    expect(receipt.text).toContain(
      'Wellbank for Lincoln Elementary: an upgrade of its subscription from up to 100 to up to 300 students.',
    );
    expect(receipt.text).toMatch(/^Receipt number: \d+$/m);
  });

  it('tells a family member what their donation to the team was for', async () => {
    const admin = await signUpSchool(t.app, { code: 'RCPT02', email: 'rcpt02@lincoln.example' });
    const member = await joinTeam(t, admin.team_id);
    const receipt = await theReceiptOf(member.email);
    expect(receipt.text).toMatch(
      /A one-time donation to the team .+ at Lincoln Elementary, for its members’ use of Wellbank\./,
    );
  });
});
