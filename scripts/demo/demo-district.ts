import { randomBytes } from 'node:crypto';
import {
  type DistrictProvider,
  startDistrictProvider,
} from '../district-provider/district-provider.ts';

/**
 * `npm run demo`'s "Demo District" (issue 33): the loopback OpenID provider of the tests
 * (scripts/district-provider) with one account, the demo student's, so a newcomer can try the
 * district sign-in button. Its login form takes the account's e-mail and any password.
 */

export const DEMO_DISTRICT_NAME = 'Demo District';
const CLIENT_ID = 'wellbank-demo';

export interface DemoDistrict {
  provider: DistrictProvider;
  /** The app's environment for this provider (README: OIDC_ISSUER, OIDC_CLIENT_ID, …). */
  env: Record<'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET' | 'OIDC_NAME', string>;
  /** What to type at the provider's login form. */
  login: string;
}

/**
 * Starts the provider for an app at `origins` (the addresses a browser may use for it: the
 * redirect URI is `{origin}/api/v1/sign-in/oidc/oidc/callback`), with `studentEmail`'s account.
 */
export async function startDemoDistrict(options: {
  origins: string[];
  studentEmail: string;
}): Promise<DemoDistrict> {
  const secret = randomBytes(24).toString('base64url');
  const provider = await startDistrictProvider({
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: secret,
        redirect_uris: options.origins.map(
          (origin) => `${origin}/api/v1/sign-in/oidc/oidc/callback`,
        ),
      },
    ],
    accounts: [{ sub: options.studentEmail, email: options.studentEmail, email_verified: true }],
  });
  return {
    provider,
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: secret,
      OIDC_NAME: DEMO_DISTRICT_NAME,
    },
    login: options.studentEmail,
  };
}
