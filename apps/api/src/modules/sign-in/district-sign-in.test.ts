import type { SignInProviderId } from '@wellbank/domain';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type DistrictAccount,
  type DistrictProvider,
  startDistrictProvider,
} from '../../../../../scripts/district-provider/district-provider.ts';
import {
  auditLog,
  consents,
  invitations,
  oidcAttempts,
  oidcTickets,
  schoolSignInMethods,
  userIdentities,
  users,
} from '../../db/schema.ts';
import { bearer, joinSchool, signUpSchool, unique } from '../../test/fixtures.ts';
import { createTestApp, TEST_APP_URL } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { hashToken } from '../auth/tokens.ts';
import type { SignInProviderConfig } from './providers.ts';

/**
 * District sign-in through the real server and a real OpenID provider on loopback (decision
 * 0050): every preset points at the same provider, whose accounts carry each preset's claims.
 */

const CLIENT = { client_id: 'wellbank', client_secret: 'district-secret' };
const PRESETS: SignInProviderId[] = ['google', 'microsoft', 'clever', 'classlink', 'oidc'];
const callbackOf = (id: string) => `${TEST_APP_URL}/api/v1/sign-in/oidc/${id}/callback`;

let district: DistrictProvider;
/** Another issuer, with the same client: the attacker's provider of a mix-up. */
let other: DistrictProvider;

const t = useTestApp(async () => {
  const client = { ...CLIENT, redirect_uris: PRESETS.map(callbackOf) };
  // Codes live 5 seconds: a test's flow takes milliseconds, and one waits them out.
  district = await startDistrictProvider({ clients: [client], accounts: [], codeTtlSeconds: 5 });
  other = await startDistrictProvider({ clients: [client], accounts: [] });
  const providers: SignInProviderConfig[] = PRESETS.map((id) => ({
    id,
    name: id === 'oidc' ? 'Demo District' : id,
    issuer: district.issuer,
    clientId: CLIENT.client_id,
    clientSecret: CLIENT.client_secret,
  }));
  const app = await createTestApp({ signInProviders: providers });
  return {
    ...app,
    async close() {
      await app.close();
      await district.close();
      await other.close();
    },
  };
});

/** A district account, at both providers. */
function account(claims: Partial<DistrictAccount> & { email: string }): DistrictAccount {
  const made = { sub: unique('sub'), email_verified: true, given_name: 'Kim', ...claims };
  district.setAccount(made);
  other.setAccount(made);
  return made;
}

/** The start, as the browser's navigation: the provider's URL and the browser's cookie. */
async function start(provider: SignInProviderId = 'oidc', query = '', cookie?: string) {
  const response = await t.app.inject({
    url: `/api/v1/sign-in/oidc/${provider}${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(302);
  const setCookie = String(response.headers['set-cookie']);
  return {
    url: String(response.headers.location),
    cookie: setCookie.split(';')[0] ?? '',
    setCookie,
  };
}

/** Where the callback sent the browser: its fragment's ticket or error, and its query. */
async function callback(url: string, cookie: string | undefined) {
  const { pathname, search } = new URL(url);
  const response = await t.app.inject({
    url: `${pathname}${search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(302);
  const location = new URL(String(response.headers.location), TEST_APP_URL);
  const fragment = new URLSearchParams(location.hash.slice(1));
  return { location, ticket: fragment.get('ticket'), error: fragment.get('error') };
}

async function signInAs(sub: string, provider: SignInProviderId = 'oidc', query = '') {
  const started = await start(provider, query);
  return callback(await district.signIn(started.url, sub), started.cookie);
}

function redeem(ticket: string | null) {
  return t.app.inject({ method: 'POST', url: '/api/v1/sign-in/oidc/ticket', payload: { ticket } });
}

async function rows() {
  const [identities] = await t.db.select({ n: count() }).from(userIdentities);
  const [people] = await t.db.select({ n: count() }).from(users);
  const [tickets] = await t.db.select({ n: count() }).from(oidcTickets);
  return { identities: identities?.n, people: people?.n, tickets: tickets?.n };
}

describe('district sign-in', () => {
  let schoolId: number;
  beforeAll(async () => {
    const admin = await signUpSchool(t.app);
    schoolId = admin.school.id;
  });

  it('signs a student in: discovery, redirect, login at the provider, callback, ticket, session', async () => {
    const email = `${unique('pat')}@district.test`;
    const student = await joinSchool(t.app, schoolId, { email });
    const pat = account({ email });

    const started = await start('oidc');
    const authorization = new URL(started.url);
    expect(authorization.origin + authorization.pathname).toMatch(district.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: 'wellbank',
      redirect_uri: callbackOf('oidc'),
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(started.setCookie).toMatch(/Path=\/api\/v1\/sign-in\/oidc; .*HttpOnly; SameSite=Lax/);

    const back = await callback(await district.signIn(started.url, pat.sub), started.cookie);
    expect(back.location.pathname).toBe('/login/district');
    const redeemed = await redeem(back.ticket);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const result = redeemed.json();
    expect(result).toMatchObject({ kind: 'session', session: { id: student.id } });

    const me = await t.app.inject({
      url: `/api/v1/users/${student.id}`,
      headers: bearer(result.session.token),
    });
    expect(me.statusCode).toBe(200);
    // Bound at this first sign-in by its verified e-mail, and logged as a password sign-in is.
    const [bound] = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, pat.sub));
    expect(bound).toMatchObject({ userId: student.id, issuer: district.issuer, email });
    const signIns = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, student.id), eq(auditLog.action, 'sign_in.succeeded')));
    expect(signIns).toHaveLength(1);
    // The ticket is spent.
    expect((await redeem(back.ticket)).statusCode).toBe(404);
  });

  it('finds a bound account by issuer and subject, even after its e-mail changed at the provider', async () => {
    const email = `${unique('lee')}@district.test`;
    const student = await joinSchool(t.app, schoolId, { email });
    const lee = account({ email });
    expect((await redeem((await signInAs(lee.sub)).ticket)).json().session.id).toBe(student.id);

    // The district gives Lee another student's address: the binding does not move.
    const otherEmail = `${unique('ora')}@district.test`;
    await joinSchool(t.app, schoolId, { email: otherEmail });
    account({ ...lee, email: otherEmail });
    const again = await redeem((await signInAs(lee.sub)).ticket);
    expect(again.json().session.id).toBe(student.id);
  });

  it('refuses an e-mail the provider does not say is verified, writing nothing', async () => {
    const email = `${unique('uma')}@district.test`;
    await joinSchool(t.app, schoolId, { email });
    const uma = account({ email, email_verified: false });
    const before = await rows();
    const back = await signInAs(uma.sub);
    expect(back).toMatchObject({ error: 'unverified', ticket: null });
    expect(await rows()).toEqual(before);
  });

  it('answers an address the school does not know, creating nothing', async () => {
    const email = `${unique('who')}@elsewhere.test`;
    const who = account({ email });
    const before = await rows();
    const back = await signInAs(who.sub);
    expect((await redeem(back.ticket)).json()).toEqual({ kind: 'unknown', email });
    const after = await rows();
    expect({ ...after, tickets: before.tickets }).toEqual(before);
  });

  it('accepts an open invitation: an account without a password, the consent, the invitation spent', async () => {
    const email = `${unique('ivy')}@district.test`;
    await t.db.insert(invitations).values({
      schoolId,
      email,
      firstName: 'Ivy',
      lastName: 'Roster',
      role: 'student',
      grade: '7',
      tokenHash: hashToken(unique('invite')),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const ivy = account({ email, given_name: 'Ivy-at-district' });
    const back = await signInAs(ivy.sub);
    const found = await redeem(back.ticket);
    expect(found.json()).toMatchObject({
      kind: 'invitation',
      invitation: { email, first_name: 'Ivy', role: 'student', school: { id: schoolId } },
    });
    const acceptBody = { ticket: back.ticket, agree_to_policies: true };
    const url = '/api/v1/sign-in/oidc/ticket/accept';
    const accepted = await t.app.inject({ method: 'POST', url, payload: acceptBody });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const session = accepted.json();
    expect(session).toMatchObject({ email, first_name: 'Ivy', roles: ['student'] });

    const [user] = await t.db.select().from(users).where(eq(users.id, session.id));
    expect(user).toMatchObject({ passwordHash: null, grade: '7' });
    const agreed = await t.db.select().from(consents).where(eq(consents.userId, session.id));
    expect(agreed.map((row) => row.kind)).toEqual(['policies']);
    const [invitation] = await t.db.select().from(invitations).where(eq(invitations.email, email));
    expect(invitation?.usedAt).not.toBeNull();
    const [bound] = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, session.id));
    expect(bound).toMatchObject({ subject: ivy.sub, issuer: district.issuer });

    expect((await t.app.inject({ method: 'POST', url, payload: acceptBody })).statusCode).toBe(404);
    // Afterwards the district account signs in to the new account.
    expect((await redeem((await signInAs(ivy.sub)).ticket)).json().session.id).toBe(session.id);
  });

  describe('answers that do not check out: a clear error, nothing written', () => {
    let kim: DistrictAccount;
    beforeAll(async () => {
      const email = `${unique('kim')}@district.test`;
      await joinSchool(t.app, schoolId, { email });
      kim = account({ email });
    });

    async function expectFailed(
      back: Promise<{ error: string | null; ticket: string | null }>,
      code = 'failed',
    ) {
      const before = await rows();
      expect(await back).toMatchObject({ error: code, ticket: null });
      expect(await rows()).toEqual(before);
    }

    it('a replayed callback', async () => {
      const started = await start();
      const answer = await district.signIn(started.url, kim.sub);
      expect((await callback(answer, started.cookie)).ticket).toBeTruthy();
      await expectFailed(callback(answer, started.cookie));
    });

    it('a wrong state', async () => {
      const started = await start();
      const answer = new URL(await district.signIn(started.url, kim.sub));
      answer.searchParams.set('state', 'made-up-state-of-the-right-length-0123456789');
      await expectFailed(callback(answer.href, started.cookie));
    });

    it('a missing or another browser’s cookie', async () => {
      const started = await start();
      const answer = await district.signIn(started.url, kim.sub);
      await expectFailed(callback(answer, undefined));
      const another = await start();
      await expectFailed(callback(answer, another.cookie));
    });

    it('an answer from another issuer (a mix-up)', async () => {
      const started = await start();
      const asked = new URL(started.url);
      const atOther = new URL(`${other.issuer}${asked.pathname}${asked.search}`);
      await expectFailed(callback(await other.signIn(atOther.href, kim.sub), started.cookie));
    });

    it('an attempt older than ten minutes', async () => {
      const started = await start();
      const answer = await district.signIn(started.url, kim.sub);
      t.clock.advance(11 * 60 * 1000);
      try {
        await expectFailed(callback(answer, started.cookie), 'expired');
      } finally {
        t.clock.advance(-11 * 60 * 1000);
      }
    });

    it('an expired code', async () => {
      const started = await start();
      const answer = await district.signIn(started.url, kim.sub);
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      await expectFailed(callback(answer, started.cookie));
    });

    it('a refusal at the provider (access_denied)', async () => {
      const started = await start();
      await expectFailed(callback(await district.cancel(started.url), started.cookie), 'denied');
    });
  });

  it('sends a portal launch (no state) back to the start, and starts a portal’s ?iss= of its issuer', async () => {
    const launch = await t.app.inject({ url: '/api/v1/sign-in/oidc/clever/callback?code=abc' });
    expect(launch.statusCode).toBe(302);
    expect(launch.headers.location).toBe('/api/v1/sign-in/oidc/clever');

    const iss = encodeURIComponent(district.issuer);
    expect(new URL((await start('clever', `?iss=${iss}`)).url).origin).toBe(
      new URL(district.issuer).origin,
    );
    const stranger = await t.app.inject({
      url: `/api/v1/sign-in/oidc/clever?iss=${encodeURIComponent(other.issuer)}`,
    });
    expect(String(stranger.headers.location)).toBe(`${TEST_APP_URL}/login/district#error=failed`);
  });

  it('keeps a same-site ?next= and drops another site’s', async () => {
    const email = `${unique('nia')}@district.test`;
    await joinSchool(t.app, schoolId, { email });
    const nia = account({ email });
    const kept = await signInAs(nia.sub, 'oidc', `?next=${encodeURIComponent('/progress?week=2')}`);
    expect(kept.location.searchParams.get('next')).toBe('/progress?week=2');
    const dropped = await signInAs(nia.sub, 'oidc', `?next=${encodeURIComponent('//evil.test')}`);
    expect(dropped.location.search).toBe('');
  });

  describe('the presets, with their claim shapes, and a school narrowed to its own', () => {
    const shapes: [SignInProviderId, Partial<DistrictAccount>, string][] = [
      ['google', { hd: 'lincoln.edu' }, 'other.edu'],
      [
        'microsoft',
        { tid: 'tenant-lincoln', xms_edov: true, email_verified: undefined },
        'tenant-x',
      ],
      ['clever', { district: 'district-lincoln' }, 'district-x'],
      ['classlink', { tenantid: 'cl-lincoln' }, 'cl-x'],
    ];
    for (const [provider, claims, elsewhere] of shapes) {
      it(`${provider}: signs in by its claims, refused when the school is narrowed elsewhere`, async () => {
        const admin = await signUpSchool(t.app);
        const email = `${unique(provider)}@district.test`;
        const student = await joinSchool(t.app, admin.school.id, { email });
        const person = account({ email, ...claims });
        const [claim, value] = Object.entries(claims)[0] as [string, string];
        await t.db
          .insert(schoolSignInMethods)
          .values({ schoolId: admin.school.id, provider, enabled: true, restriction: value });
        const found = await redeem((await signInAs(person.sub, provider)).ticket);
        expect(found.json(), claim).toMatchObject({ kind: 'session', session: { id: student.id } });

        await t.db
          .update(schoolSignInMethods)
          .set({ restriction: elsewhere })
          .where(eq(schoolSignInMethods.schoolId, admin.school.id));
        expect((await signInAs(person.sub, provider)).error).toBe('not_allowed');
      });
    }

    it('microsoft: an e-mail without xms_edov is not verified', async () => {
      const email = `${unique('ms')}@district.test`;
      await joinSchool(t.app, schoolId, { email });
      const person = account({ email, tid: 't', email_verified: true });
      expect((await signInAs(person.sub, 'microsoft')).error).toBe('unverified');
    });
  });

  it('links a district account from a signed-in account, and refuses one linked elsewhere', async () => {
    const owner = await joinSchool(t.app, schoolId, { email: `${unique('own')}@district.test` });
    const district1 = account({ email: `${unique('d1')}@district.test` });
    const link = async (user: { token: string }) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sign-in/oidc/google/link',
        headers: bearer(user.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      const cookie = String(response.headers['set-cookie']).split(';')[0];
      return callback(await district.signIn(response.json().url, district1.sub), cookie);
    };
    const linked = await link(owner);
    expect((await redeem(linked.ticket)).json()).toEqual({ kind: 'linked', provider: 'google' });
    expect((await redeem((await signInAs(district1.sub, 'google')).ticket)).json().session.id).toBe(
      owner.id,
    );

    // The person's own export names the link (data rights, decision 0021).
    const exported = await t.app.inject({
      url: `/api/v1/users/${owner.id}/export`,
      headers: bearer(owner.token),
    });
    expect(exported.json().sign_ins).toEqual([
      {
        provider: 'google',
        issuer: district.issuer,
        subject: district1.sub,
        email: district1.email,
        created_at: expect.any(String),
      },
    ]);

    const someoneElse = await joinSchool(t.app, schoolId);
    expect((await link(someoneElse)).error).toBe('taken');
    const notSignedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sign-in/oidc/google/link',
    });
    expect(notSignedIn.statusCode).toBe(401);
  });

  it('lists the configured providers, and answers 404 for one not configured', async () => {
    const listed = await t.app.inject({ url: '/api/v1/sign-in/providers' });
    expect(listed.json().providers.map((provider: { id: string }) => provider.id)).toEqual(PRESETS);
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ url: '/api/v1/sign-in/providers' })).json()).toEqual({
        providers: [],
      });
      expect((await bare.app.inject({ url: '/api/v1/sign-in/oidc/google' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('limits the starts of one address, each of which writes an attempt', async () => {
    const remoteAddress = '203.0.113.77';
    const startFrom = () => t.app.inject({ url: '/api/v1/sign-in/oidc/oidc', remoteAddress });
    const attempts = async () => (await t.db.select({ n: count() }).from(oidcAttempts))[0]?.n;
    for (let i = 0; i < 300; i += 1) expect((await startFrom()).statusCode).toBe(302);
    const before = await attempts();
    const refused = await startFrom();
    expect(refused.headers.location).toBe(`${TEST_APP_URL}/login/district#error=too_many`);
    expect(await attempts()).toBe(before);
  });
});
