import type { DistrictAccount } from '../../../../scripts/district-provider/district-provider.ts';

/**
 * The browser tests' district (issue 33): the loopback OpenID provider of the API tests
 * (scripts/district-provider), run beside the app by playwright.config.ts's webServer
 * (district-server.ts) and configured as the app's generic provider. Each run has a fresh
 * database, so fixed accounts are new every run; each test signs in with its own.
 */

export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
export const DISTRICT_PORT = Number(process.env.E2E_DISTRICT_PORT ?? APP_PORT + 1);
export const DISTRICT_ISSUER = `http://127.0.0.1:${DISTRICT_PORT}`;
export const DISTRICT_NAME = 'Lincoln District';
export const DISTRICT_CLIENT = {
  client_id: 'wellbank-e2e',
  client_secret: 'e2e-district-client-secret',
  redirect_uris: [`http://localhost:${APP_PORT}/api/v1/sign-in/oidc/oidc/callback`],
};

/** The app's environment for it (README: OIDC_ISSUER, OIDC_CLIENT_ID, …). */
export const DISTRICT_ENV = {
  OIDC_ISSUER: DISTRICT_ISSUER,
  OIDC_CLIENT_ID: DISTRICT_CLIENT.client_id,
  OIDC_CLIENT_SECRET: DISTRICT_CLIENT.client_secret,
  OIDC_NAME: DISTRICT_NAME,
};

const account = (sub: string, given_name: string): DistrictAccount => ({
  sub,
  email: `${sub}@lincoln-district.test`,
  email_verified: true,
  given_name,
  family_name: 'District',
});

/** One per test: the login typed at the provider's form is the account's `sub`. */
export const DISTRICT_ACCOUNTS = {
  /** A student with a password account at a school: found by the verified e-mail. */
  member: account('member.student', 'Mia'),
  /** Invited by the roster: the invitation waits for the privacy agreement. */
  invited: account('invited.student', 'Ivan'),
  /** Known to no school. */
  stranger: account('stranger', 'Sol'),
  /** Returns to the page /login was asked to return to. */
  returning: account('returning.student', 'Rae'),
  /** Linked from /profile to a password account with another address. */
  linking: account('linking.student', 'Lin'),
  /** Known to no school either, signing in from a Spanish browser. */
  spanish: account('extranjero', 'Eva'),
} satisfies Record<string, DistrictAccount>;
