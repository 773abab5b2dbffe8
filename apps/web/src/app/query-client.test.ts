import type { SessionRecord } from '@wellbank/domain';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, mergeSession, setSession } from '@/lib/platform/session';

const signedIn = (id: number, token: string) =>
  ({ id, token, roles: [], user_school_roles: [] }) as unknown as SessionRecord;

const fetchMock = vi.fn(async (path: string) => new Response(JSON.stringify({ path })));
const fetchedPaths = () => fetchMock.mock.calls.map(([path]) => path);
let queryClient: typeof import('./query-client')['queryClient'];

beforeAll(async () => {
  localStorage.clear();
  setSession(signedIn(7, 'token-7'));
  vi.stubGlobal('fetch', fetchMock);
  // Loaded after the session is stored, as when a signed-in visit opens its first page.
  ({ queryClient } = await import('./query-client'));
});
beforeEach(() => fetchMock.mockClear());

describe('the one query client', () => {
  it("asks for the signed-in frame's data as soon as it loads", async () => {
    await vi.waitFor(() => expect(queryClient.getQueryData(['users', 7])).toBeDefined());
    expect(queryClient.getQueryData(['activities', 'today'])).toBeDefined();
  });

  it('keeps its cache while the session only changes its user record', () => {
    queryClient.setQueryData(['teams', 'me'], { name: 'Ava L.' });
    mergeSession({ points: 40 });
    expect(queryClient.getQueryData(['teams', 'me'])).toEqual({ name: 'Ava L.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("drops one account's answers when another signs in, and asks for the new frame", async () => {
    queryClient.setQueryData(['teams', 'me'], { name: 'Ava L.' });
    setSession(signedIn(8, 'token-8'));
    expect(queryClient.getQueryData(['teams', 'me'])).toBeUndefined();
    expect(queryClient.getQueryData(['users', 7])).toBeUndefined();
    await vi.waitFor(() => expect(queryClient.getQueryData(['users', 8])).toBeDefined());
    expect(fetchedPaths()).toEqual(['/api/v1/users/8', '/api/v1/activities']);
  });

  it('drops everything on sign-out (logout, a 401, another tab) and asks for nothing', () => {
    queryClient.setQueryData(['teams', 'me'], { name: 'Ben K.' });
    clearSession();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
