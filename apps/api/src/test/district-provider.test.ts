import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DistrictProvider,
  startDistrictProvider,
} from '../../../../scripts/district-provider/district-provider.ts';

const REDIRECT = 'http://wellbank.test/callback';

describe('the loopback district provider (scripts/district-provider)', () => {
  let provider: DistrictProvider;
  beforeAll(async () => {
    provider = await startDistrictProvider({
      issuerPath: '/district',
      clients: [{ client_id: 'wellbank', client_secret: 'secret', redirect_uris: [REDIRECT] }],
      accounts: [{ sub: 'kid-1', email: 'kid@district.test', email_verified: true, hd: 'd.test' }],
    });
  });
  afterAll(() => provider.close());

  it('answers discovery at its issuer and signs an account in through its login form', async () => {
    const config = await client.discovery(
      new URL(provider.issuer),
      'wellbank',
      'secret',
      client.ClientSecretBasic('secret'),
      { execute: [client.allowInsecureRequests] },
    );
    expect(config.serverMetadata().issuer).toBe(provider.issuer);

    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      nonce,
      state,
    });
    const callback = await provider.signIn(url.href, 'kid-1');
    const tokens = await client.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: verifier,
      expectedNonce: nonce,
      expectedState: state,
    });
    expect(tokens.claims()).toMatchObject({
      iss: provider.issuer,
      sub: 'kid-1',
      email: 'kid@district.test',
      email_verified: true,
      hd: 'd.test',
    });

    const cancelled = new URL(await provider.cancel(url.href));
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
  });
});
