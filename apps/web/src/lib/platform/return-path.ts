/**
 * Where sign-in returns to (decision 0037). The login page carries the page that was asked for in
 * its query, `/login?next=/progress`; anyone can write such a link, so the value is taken only
 * when it is a path of this app, and anything else gives the home page. Otherwise a link to
 * `/login?next=//evil.com` would send a user who just typed their password to a page of someone
 * else's dressed as ours (an "open redirect").
 */

/** Every role's home: SPEC.md §2 sends a signed-in user to /dashboard. */
export const HOME_PATH = '/dashboard';

/** The query parameter of /login that names the page to return to. */
export const RETURN_PARAM = 'next';

/** Longer than any page of the app with its query; a longer value is not one of ours. */
const MAX_LENGTH = 2048;

/** Any origin would do: a path resolved against it must stay on it. */
const PROBE_ORIGIN = 'https://wellbank.invalid';

/**
 * The value as a path of this app (path, query and hash), or null. Refused: anything not starting
 * with one `/` (`https://evil.com`, `evil.com`, `javascript:…`), a second `/` or a `\` at the
 * start (`//evil.com` and `/\evil.com` are other hosts to a browser), control characters and
 * spaces (the URL parser drops tabs and newlines, so `/\t/evil.com` becomes `//evil.com`), and
 * whatever still resolves off our origin. The answer is the parser's own spelling, so it is what
 * the browser will go to, and it is checked again not to start with `//` (`/.//evil.com`).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value[1] === '/' || value[1] === '\\') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}

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
