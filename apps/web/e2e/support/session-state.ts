import type { APIRequestContext, BrowserContextOptions, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { SessionRecord } from '@wellbank/domain';
import { sessionKey } from '../../src/lib/platform/session-key.ts';
import { PASSWORD } from './accounts.ts';

/**
 * Signing in without the login page, for tests whose subject is another page: log in through the
 * API, as the login page would, and store the answer where the web app looks for it.
 */

/** Where the production build, which the browser tests run, keeps the session. */
export const SESSION_KEY = sessionKey('production');

async function logIn(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/authentication/authenticate', {
    data: { email, password: PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return JSON.stringify((await response.json()) as SessionRecord);
}

/** A browser state signed in as `email`, for `test.use({ storageState })`. */
export async function signedInState(
  request: APIRequestContext,
  origin: string,
  email: string,
): Promise<NonNullable<BrowserContextOptions['storageState']>> {
  const session = await logIn(request, email);
  return {
    cookies: [],
    origins: [{ origin, localStorage: [{ name: SESSION_KEY, value: session }] }],
  };
}

/** Signs `page` in as `email` from its next navigation on. */
export async function signInThroughStorage(
  page: Page,
  request: APIRequestContext,
  email: string,
): Promise<void> {
  const session = await logIn(request, email);
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: SESSION_KEY,
    value: session,
  });
}
