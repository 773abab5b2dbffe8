import { msg } from '@lingui/core/macro';
import { i18n } from '@/i18n/i18n';
import { takeEarlyResponse } from './early-responses';
import { clearSession, getSession, isSharedDevice } from './session';
import { loginAfterUnauthorized } from './session-ended';

export const BASE_PATH = '/api/v1';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** What a screen shows: the server's `{error}` (in the request's language) or ours, translated. */
  readonly text: string;

  /** `message` stays English for error reports (lib/platform/sentry.ts ignores some by it). */
  constructor(message: string, status: number, text = message) {
    super(message);
    this.status = status;
    this.text = text;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  /** Send the stored session's bearer token (SPEC.md §6: not for public reads, login, sign-ups). */
  auth?: boolean;
  /** A 401 is the call's own answer (wrong password), not an expired session (SPEC.md §4). */
  keepSessionOn401?: boolean;
  signal?: AbortSignal;
}

/**
 * `sessionEnded`: the 401 ended a stored session (not a call made signed out); `sharedDevice`:
 * a child's on a classroom's shared device, which goes back to its class (decision 0064).
 */
type UnauthorizedHandler = (sessionEnded: boolean, sharedDevice: boolean) => void;

let onUnauthorized: UnauthorizedHandler = (sessionEnded, sharedDevice) => {
  const login = loginAfterUnauthorized(sessionEnded, sharedDevice);
  if (login) window.location.assign(login);
};

/** The app registers its router navigation here; the client stays free of routing. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

let onPaymentRequired: () => void = () => {};

/** A 402: a payment is due (SPEC.md §2/§6); the app sends the user to the page that takes it. */
export function setPaymentRequiredHandler(handler: () => void): void {
  onPaymentRequired = handler;
}

let onForbidden: () => void = () => {};

/**
 * A 403 to a signed-in call: what the user may do has changed under the stored session (a role
 * switch, their school closed for deletion: decision 0072); the app reads their record again.
 */
export function setForbiddenHandler(handler: () => void): void {
  onForbidden = handler;
}

/**
 * Server time minus device time, learned from the `Date` header of the last successful answer: a
 * write made offline is dated by the server's clock, not by a phone set to the wrong day
 * (lib/platform/offline).
 */
let serverOffsetMs: number | undefined;

export function serverClockOffset(): number | undefined {
  return serverOffsetMs;
}

function noteServerDate(headers: Headers): void {
  // The header counts whole seconds, cut: half a second is the expected error.
  const serverTime = Date.parse(headers.get('date') ?? '') + 500;
  if (Number.isFinite(serverTime)) serverOffsetMs = serverTime - Date.now();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The active language (decision 0033): the server answers `{error}` and e-mails in it. */
function languageHeader(): Record<string, string> {
  return { 'Accept-Language': i18n.locale };
}

/** No answer came: the device is offline or the server unreachable. */
function networkError(): ApiError {
  return new ApiError('Network Error', 0, i18n._(msg`Network Error`));
}

function refusal(body: unknown, status: number): ApiError {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (Array.isArray(error) && error.length > 0) return new ApiError(error.join(', '), status);
  if (typeof error === 'string' && error) return new ApiError(error, status);
  const text = i18n._(msg`Request failed with status code ${status}`);
  return new ApiError(`Request failed with status code ${status}`, status, text);
}

/** An answer's body with its headers, for calls whose headers carry data (paged lists). */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).data;
}

export async function apiResponse<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const { method = 'GET', body, auth = false, keepSessionOn401 = false, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...languageHeader() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getSession()?.token : undefined;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    const early = method === 'GET' && token ? takeEarlyResponse(path, token) : undefined;
    response = await (early ??
      fetch(`${BASE_PATH}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw networkError();
  }

  if (!response.ok) return failed(response, keepSessionOn401);
  noteServerDate(response.headers);
  return { data: (await readJson(response)) as T, headers: response.headers };
}

/**
 * A refused call: a 401 ends the session (SPEC.md §4), a 402 goes to the payment page, a 403
 * refreshes the user's record.
 */
async function failed(response: Response, keepSessionOn401 = false): Promise<never> {
  const data = await readJson(response);
  if (response.status === 401 && !keepSessionOn401) {
    const ended = getSession();
    clearSession();
    onUnauthorized(ended !== null, isSharedDevice(ended));
  }
  if (response.status === 402) onPaymentRequired();
  if (response.status === 403 && getSession()) onForbidden();
  throw refusal(data, response.status);
}

/** A file the server answers as an attachment (the exports): its bytes and the name it gives. */
export interface Download {
  blob: Blob;
  filename: string;
}

/**
 * A signed-in GET of an attachment. The token is a header, not a cookie, so a plain link could not
 * carry it: the file is fetched, then handed to the browser to save (`saveDownload`).
 */
export async function apiDownload(path: string): Promise<Download> {
  const token = getSession()?.token;
  let response: Response;
  try {
    response = await fetch(`${BASE_PATH}${path}`, {
      headers: { ...languageHeader(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) return failed(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'wellbank-export';
  return { blob: await response.blob(), filename };
}

/**
 * A signed-in POST of a file as it is (the roster CSV, decision 0030): the body is the file's bytes
 * with its own content type, not JSON, so the server can read it as a stream.
 */
export async function apiUpload<T>(path: string, file: Blob, contentType: string): Promise<T> {
  const token = getSession()?.token;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': contentType,
    ...languageHeader(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${BASE_PATH}${path}`, { method: 'POST', headers, body: file });
  } catch {
    throw networkError();
  }
  if (!response.ok) return failed(response);
  return (await readJson(response)) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The text a screen shows for a failed call: the server's `error`, or e.g. "Network Error". */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.text;
  return error instanceof Error ? error.message : String(error);
}
