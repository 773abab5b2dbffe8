import { createTestApp } from '../../test/test-app.ts';
import { PROVIDER_PRESETS, type SignInProviderConfig } from './providers.ts';

const client = { clientId: 'wellbank-test', clientSecret: 'not-a-secret' };

/**
 * The providers the sign-in tests' deployment configured, in the login page's order. Never
 * reached: the flow's tests (district-sign-in*.test.ts) point theirs at a loopback provider.
 */
export const TEST_PROVIDERS: SignInProviderConfig[] = [
  { id: 'google', ...PROVIDER_PRESETS.google, ...client },
  { id: 'microsoft', ...PROVIDER_PRESETS.microsoft, ...client },
  { id: 'oidc', name: 'Demo District', issuer: 'https://district.example', ...client },
];

/** A test app whose deployment configured TEST_PROVIDERS. */
export function createSignInTestApp() {
  return createTestApp({ signInProviders: TEST_PROVIDERS });
}
