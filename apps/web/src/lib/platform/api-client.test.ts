import type { SessionRecord } from '@wellbank/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import {
  ApiError,
  api,
  apiResponse,
  apiUpload,
  setForbiddenHandler,
  setPaymentRequiredHandler,
  setUnauthorizedHandler,
} from './api-client';
import { EARLY_RESPONSES_KEY } from './early-responses';
import { getSession, setSession } from './session';

const session = {
  id: 7,
  token: 'token-7',
  roles: [],
  user_school_roles: [],
} as unknown as SessionRecord;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

let fetchMock: ReturnType<typeof vi.fn>;
const onUnauthorized = vi.fn();
const onPaymentRequired = vi.fn();
const onForbidden = vi.fn();

/** The Authorization header of the n-th fetch. */
function authorizationOf(call = 0): string | undefined {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  onUnauthorized.mockReset();
  onPaymentRequired.mockReset();
  onForbidden.mockReset();
  setUnauthorizedHandler(onUnauthorized);
  setPaymentRequiredHandler(onPaymentRequired);
  setForbiddenHandler(onForbidden);
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>)[EARLY_RESPONSES_KEY];
});

describe('api requests', () => {
  it('ask for answers in the active language (Accept-Language)', async () => {
    fetchMock.mockImplementation(async () => json({ ok: true }));
    const headerOf = (call: number) => {
      const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
      return (init?.headers as Record<string, string> | undefined)?.['Accept-Language'];
    };
    await api.get('/schools/1');
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    try {
      await api.post('/authentication/authenticate', { email: 'a@b.c' });
      await apiUpload('/schools/1/roster', new Blob(['a']), 'text/csv');
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    }
    expect([headerOf(0), headerOf(1), headerOf(2)]).toEqual(['en', 'es', 'es']);
  });

  it('sends the bearer token only to calls that ask for it, and JSON bodies', async () => {
    setSession(session);
    fetchMock.mockImplementation(async () => json({ ok: true }));
    await api.get('/users/7', { auth: true });
    await api.post('/authentication/authenticate', { email: 'a@b.c' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/users/7');
    expect(authorizationOf(0)).toBe('Bearer token-7');
    expect(authorizationOf(1)).toBeUndefined();
    const login = fetchMock.mock.calls[1]?.[1] as RequestInit;
    expect(login.method).toBe('POST');
    expect(login.body).toBe('{"email":"a@b.c"}');
  });

  it("turns an error answer into an ApiError with the server's message and status", async () => {
    fetchMock.mockResolvedValue(json({ error: 'School code may only contain letters' }, 422));
    const error = await api.get('/schools?code=x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'School code may only contain letters' });
  });

  it('names the status when an error answer has no message (an empty or HTML body)', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/users/7')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status code 502',
    });
  });

  it('gives a Network Error (status 0) when no answer arrives, and an abort as it is', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/users/7')).rejects.toMatchObject({
      status: 0,
      message: 'Network Error',
    });

    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    fetchMock.mockRejectedValueOnce(abort);
    await expect(api.get('/users/7', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('returns the headers with the body for paged lists', async () => {
    fetchMock.mockResolvedValue(json([{ id: 1 }], 200, { 'X-Total-Count': '41' }));
    const { data, headers } = await apiResponse<unknown[]>('/schools/1/students');
    expect(data).toEqual([{ id: 1 }]);
    expect(headers.get('X-Total-Count')).toBe('41');
  });
});

describe('a 401', () => {
  it('signs the browser out and hands over to the app (SPEC.md §4)', async () => {
    setSession(session);
    fetchMock.mockResolvedValue(json({ error: 'Unauthorized' }, 401));
    await expect(api.get('/users/7', { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith(true, false);
  });

  it('says no session ended when none was stored (decision 0037)', async () => {
    fetchMock.mockResolvedValue(json({ error: 'Unauthorized' }, 401));
    await expect(api.get('/users/7', { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith(false, false);
  });

  it("keeps the session when the 401 is the call's own answer (a wrong password)", async () => {
    setSession(session);
    fetchMock.mockResolvedValue(json({ error: 'Invalid email or password' }, 401));
    const call = api.delete('/authentication/session', { auth: true, keepSessionOn401: true });
    await expect(call).rejects.toMatchObject({ message: 'Invalid email or password' });
    expect(getSession()?.token).toBe('token-7');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('a 402', () => {
  it('hands over to the payment page and keeps the session', async () => {
    setSession(session);
    fetchMock.mockResolvedValue(json({ error: 'Payment required' }, 402));
    await expect(api.get('/activities', { auth: true })).rejects.toMatchObject({ status: 402 });
    expect(onPaymentRequired).toHaveBeenCalledOnce();
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getSession()?.token).toBe('token-7');
  });
});

describe('a 403', () => {
  it('asks the app to read the user again (a school closed for deletion) and keeps the session', async () => {
    setSession(session);
    fetchMock.mockResolvedValue(json({ error: 'Your school has been closed' }, 403));
    await expect(api.get('/teams/me', { auth: true })).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).toHaveBeenCalledOnce();
    expect(getSession()?.token).toBe('token-7');
  });

  it('is only an answer when signed out', async () => {
    fetchMock.mockResolvedValue(json({ error: 'Forbidden' }, 403));
    await expect(api.get('/schools/1')).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).not.toHaveBeenCalled();
  });
});

describe("index.html's early responses", () => {
  function leaveEarly(path: string, token: string, response: Response) {
    const early = { [path]: { token, response: Promise.resolve(response) } };
    (globalThis as Record<string, unknown>)[EARLY_RESPONSES_KEY] = early;
  }

  it('answers the first signed-in GET of that path from the request index.html sent', async () => {
    setSession(session);
    leaveEarly('/users/7', 'token-7', json({ id: 7, points: 3 }));
    fetchMock.mockResolvedValue(json({ id: 7, points: 4 }));
    expect(await api.get('/users/7', { auth: true })).toEqual({ id: 7, points: 3 });
    expect(fetchMock).not.toHaveBeenCalled();
    // Used once: a later read (a refresh) asks the server.
    expect(await api.get('/users/7', { auth: true })).toEqual({ id: 7, points: 4 });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("is not used for another account's token, nor for a call without the token", async () => {
    setSession(session);
    leaveEarly('/users/7', 'token-of-someone-before', json({ id: 7, points: 3 }));
    fetchMock.mockResolvedValue(json({ id: 7, points: 4 }));
    expect(await api.get('/users/7', { auth: true })).toEqual({ id: 7, points: 4 });

    leaveEarly('/teams/1', 'token-7', json({ name: 'early' }));
    fetchMock.mockResolvedValue(json({ name: 'fetched' }));
    expect(await api.get('/teams/1')).toEqual({ name: 'fetched' });
  });

  it('handles an early 401 as any other: signed out', async () => {
    setSession(session);
    leaveEarly('/activities', 'token-7', json({ error: 'Unauthorized' }, 401));
    await expect(api.get('/activities', { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('turns an early request that failed into a Network Error', async () => {
    setSession(session);
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    const early = { '/activities': { token: 'token-7', response: failed } };
    (globalThis as Record<string, unknown>)[EARLY_RESPONSES_KEY] = early;
    await expect(api.get('/activities', { auth: true })).rejects.toMatchObject({ status: 0 });
  });
});

describe('apiUpload', () => {
  it('posts the file as it is, with its content type and the bearer token', async () => {
    setSession(session);
    fetchMock.mockImplementation(async () => json({ counts: { new: 1 } }));
    const file = new Blob(['first name,last name,email,role\n'], { type: 'text/csv' });
    const answer = await apiUpload<{ counts: { new: number } }>(
      '/schools/1/roster',
      file,
      'text/csv',
    );
    expect(answer.counts.new).toBe(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/schools/1/roster');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
    expect(authorizationOf(0)).toBe('Bearer token-7');
  });

  it("throws the server's error, and a 401 ends the session", async () => {
    setSession(session);
    fetchMock.mockImplementation(async () => json({ error: 'The file has no rows' }, 422));
    const file = new Blob([''], { type: 'text/csv' });
    await expect(apiUpload('/schools/1/roster', file, 'text/csv')).rejects.toThrow(
      'The file has no rows',
    );
    fetchMock.mockImplementation(async () => json({ error: 'Please sign in' }, 401));
    await expect(apiUpload('/schools/1/roster', file, 'text/csv')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalled();
  });
});
