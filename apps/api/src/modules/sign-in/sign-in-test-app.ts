import type { SignInProvider } from '@wellbank/domain';
import { createTestApp } from '../../test/test-app.ts';

/** The providers the sign-in tests' deployment configured, in the login page's order. */
export const TEST_PROVIDERS: SignInProvider[] = [
  { id: 'google', name: 'Google' },
  { id: 'microsoft', name: 'Microsoft' },
  { id: 'oidc', name: 'Demo District' },
];

/** A test app whose deployment configured TEST_PROVIDERS. */
export function createSignInTestApp() {
  return createTestApp({ signInProviders: TEST_PROVIDERS });
}
