import type { SignInProviderId } from '@wellbank/domain';
import * as oidc from 'openid-client';
import { isLoopback, type SignInProviderConfig } from './providers.ts';

/** Only these (decision 0050): Google lets under-18 accounts use apps that ask for no more. */
const SCOPE = 'openid email profile';
/** A provider's metadata is found again after a day; its keys whenever a token names a new one. */
const DISCOVERY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What `startAt` made: the provider's URL, and the checks the callback needs, to be stored. */
export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The OpenID Connect client side of district sign-in, all of it done by `openid-client`
 * (OpenID Certified): discovery (kept per provider), the authorization request with PKCE, state
 * and nonce, and the callback's checks — state, the response's `iss`, the code exchange, the ID
 * token's signature, issuer, audience, expiry and nonce. One per app.
 */
export function createDistrictClient() {
  const discovered = new Map<
    SignInProviderId,
    { at: number; config: Promise<oidc.Configuration> }
  >();

  function configuration(provider: SignInProviderConfig): Promise<oidc.Configuration> {
    const cached = discovered.get(provider.id);
    if (cached && Date.now() - cached.at < DISCOVERY_LIFETIME_MS) return cached.config;
    const issuer = new URL(provider.issuer);
    const config = oidc.discovery(
      issuer,
      provider.clientId,
      undefined,
      // The default of OpenID Connect Discovery: every provider supports it.
      oidc.ClientSecretBasic(provider.clientSecret),
      // Plain http only on loopback (env.ts refuses any other): the tests' and the demo's.
      { timeout: 10, ...(isLoopback(issuer) && { execute: [oidc.allowInsecureRequests] }) },
    );
    // A failed discovery is tried again at the next sign-in, not remembered.
    config.catch(() => discovered.delete(provider.id));
    discovered.set(provider.id, { at: Date.now(), config });
    return config;
  }

  return {
    async startAt(
      provider: SignInProviderConfig,
      redirectUri: string,
    ): Promise<AuthorizationRequest> {
      const config = await configuration(provider);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, nonce, codeVerifier };
    },

    /**
     * Checks the provider's answer at `callbackUrl` against the stored attempt and exchanges its
     * code: the ID token's claims, or a throw when anything does not check out.
     */
    async finish(
      provider: SignInProviderConfig,
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<oidc.IDToken> {
      const config = await configuration(provider);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the token response had no ID token');
      return claims;
    },
  };
}

export type DistrictClient = ReturnType<typeof createDistrictClient>;
