/**
 * Where sign-in returns to (decision 0037): `?next=` of /login and of the district sign-in's start
 * (decision 0050). Anyone can write such a link, so the value is taken only when it is a path of
 * this app; otherwise `?next=//evil.com` would send a user who just signed in to a page of someone
 * else's dressed as ours (an "open redirect").
 */

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
