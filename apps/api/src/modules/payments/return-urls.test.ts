import { describe, expect, it } from 'vitest';
import { bearer, signUpSchool } from '../../test/fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/** As `npm start` runs without APP_URL: the server only knows its own port. */
const SERVER_URL = 'http://localhost:3000';

const t = useTestApp(() => createTestApp({ appUrl: undefined, mailUrl: SERVER_URL }));

function fromOrigin(host: string, options: { method: 'GET' | 'POST'; url: string }) {
  return t.app.inject({ ...options, headers: { host } });
}

describe('links without APP_URL', () => {
  it('sends the checkout and its return to the origin the browser used', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stripe-subscription-checkout-sessions',
      payload: { school_id: admin.school.id, num_students: 50 },
      headers: { ...bearer(admin.token), host: '127.0.0.1:3000' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { id, url } = started.json();
    expect(url).toBe(`http://127.0.0.1:3000/checkout/${id}`);

    // Whoever shows the page or pays, the return goes where this session was opened.
    const page = await fromOrigin('localhost:3000', {
      method: 'GET',
      url: `/api/v1/local-checkout/${id}`,
    });
    expect(page.json().cancel_url).toBe(
      'http://127.0.0.1:3000/subscription-payments?canceled=true',
    );
    const paid = await fromOrigin('127.0.0.1:3000', {
      method: 'POST',
      url: `/api/v1/local-checkout/${id}/pay`,
    });
    expect(paid.json().redirect_url).toBe(
      `http://127.0.0.1:3000/subscription-payments?success=true&session_id=${id}`,
    );
  });

  it('opens a new session for a tab on another origin, so each returns to its own', async () => {
    const admin = await signUpSchool(t.app, { paid: false });
    const start = (host: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/stripe-subscription-checkout-sessions',
        payload: { school_id: admin.school.id, num_students: 50 },
        headers: { ...bearer(admin.token), host },
      });
    const onIp = (await start('127.0.0.1:3000')).json();
    const onName = (await start('localhost:3000')).json();
    expect(onName.id).not.toBe(onIp.id);
    expect(onName.url).toBe(`http://localhost:3000/checkout/${onName.id}`);
  });

  it("mails reset links to the server's own address, never to the request's Host", async () => {
    const admin = await signUpSchool(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password',
      payload: { email: admin.email },
      headers: { host: 'attacker.example' },
    });
    expect(response.statusCode).toBe(200);
    await t.runJobs();
    const mail = t.mailbox.find((message) => message.to === admin.email);
    expect(mail?.text).toContain(`${SERVER_URL}/forgot-password/reset?`);
    expect(mail?.text).not.toContain('attacker.example');
  });
});
