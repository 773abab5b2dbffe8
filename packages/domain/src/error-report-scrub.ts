/**
 * Error reports (Sentry, when SENTRY_DSN is set) leave with no personal data: no e-mail
 * addresses, names or tokens (issue #13). One function for the server's and the browser's
 * reports, applied to every event and breadcrumb before it is sent.
 */

/** Keys whose values are personal wherever they appear (request bodies, extras, contexts). */
const PERSONAL_KEYS = new Set([
  'first_name',
  'last_name',
  'full_name',
  'person_name',
  'contact_name',
  'username',
  'email',
  'contact_email',
  'captain_email',
  'contact_phone',
  'password',
  'password_confirmation',
  'verify_password',
  'current_password',
  'token',
  'authorization',
  'cookie',
  'cookies',
  'ip_address',
]);

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const BEARER = /\bBearer\s+[A-Za-z0-9._~+/-]+=*/gi;
/** Query parameters that carry a secret or a person: reset links, checkout returns, lookups. */
const SECRET_PARAM = /([?&](?:token|email|session_id|code|cursor)=)[^&#\s"']*/gi;

export const REMOVED = '[removed]';

function scrubText(text: string): string {
  return text
    .replace(BEARER, `Bearer ${REMOVED}`)
    .replace(SECRET_PARAM, `$1${REMOVED}`)
    .replace(EMAIL, REMOVED);
}

function scrubValue(value: unknown, key: string | undefined): unknown {
  if (key !== undefined && PERSONAL_KEYS.has(key.toLowerCase())) return REMOVED;
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, undefined));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  // The user is reported by id only; a request's body may hold any personal field.
  if (key === 'user') return { id: (value as { id?: unknown }).id };
  return Object.fromEntries(
    entries
      .filter(([name]) => !(key === 'request' && name === 'data'))
      .map(([name, item]) => [name, scrubValue(item, name)]),
  );
}

/** A copy of the event (or breadcrumb) without e-mail addresses, names or tokens. */
export function scrubErrorReport<T>(event: T): T {
  return scrubValue(event, undefined) as T;
}
