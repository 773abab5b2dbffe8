/**
 * Where sign-in returns to (decision 0037). The login page carries the page that was asked for in
 * its query, `/login?next=/progress`; anyone can write such a link, so the value is taken only
 * when it is a path of this app, and anything else gives the home page. Otherwise a link to
 * `/login?next=//evil.com` would send a user who just typed their password to a page of someone
 * else's dressed as ours (an "open redirect").
 */

import { safeReturnPath } from '@wellbank/domain';

// One rule for the login page and the API's district sign-in (decision 0050), in the domain.
export { safeReturnPath };

/** Every role's home: SPEC.md §2 sends a signed-in user to /dashboard. */
export const HOME_PATH = '/dashboard';

/** The query parameter of /login that names the page to return to. */
export const RETURN_PARAM = 'next';

/** The page to go to after signing in, from the login page's query string: ours, or home. */
export function returnPathFrom(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? HOME_PATH;
}

/**
 * The login page that returns to `path` (the page being left) after signing in; plain `/login`
 * when the page is home anyway or is no page to return to.
 */
export function loginPathFor(path: string): string {
  const back = safeReturnPath(path);
  if (!back || back === HOME_PATH || back === '/' || back.startsWith('/login')) return '/login';
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: back })}`;
}
