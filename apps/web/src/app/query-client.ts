import { QueryClient } from '@tanstack/react-query';
import type { UserRecord } from '@wellbank/domain';
import { ApiError, setForbiddenHandler } from '@/lib/platform/api-client';
import { getSession, subscribeSession } from '@/lib/platform/session';
import { prefetchShellQueries, userQueryOptions } from '@/lib/platform/shell-queries';

/** A 4xx answer will not change on retry; a network hiccup or 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's one query client, shared by every page under a QueryLayout. It is made when this
 * module first loads, with the first page that uses TanStack Query (the login and role pages do
 * not: docs/decisions/0018-web-bundle-budget.md), so the lazy layout's suspended first renders
 * all find the same client and its requests go out once (decision 0019).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/*
 * A 403 may mean the stored session is out of date: the record says what changed (its roles, its
 * school's `school_purge_after`), and the gates follow it (ClosedSchoolGate, RequireRole).
 */
setForbiddenHandler(() => {
  const session = getSession();
  if (session)
    void queryClient.invalidateQueries({ queryKey: userQueryOptions(session.id).queryKey });
});

/** A signed-in visit asks for the frame's data at once, in parallel with the page's chunks. */
function startSession(): string | null {
  const session = getSession();
  if (session) prefetchShellQueries(queryClient, session);
  return session?.token ?? null;
}

/**
 * The cache belongs to one session (SPEC.md §4): when the stored token changes (sign-in, logout,
 * any 401, another tab) every query is dropped, in-flight ones cancelled, so nothing one account
 * read shows to the next; a new session's frame data is asked for at once.
 */
let token = startSession();
subscribeSession(() => {
  const session = getSession();
  if ((session?.token ?? null) !== token) {
    queryClient.getQueryCache().clear();
    token = startSession();
    return;
  }
  // A language stored from this device (the switch, a pick kept at sign-in: decision 0066) reaches
  // the session first; the cached user follows, or a page mounted later would merge the old one
  // back into the session (useCurrentUser).
  if (session) {
    queryClient.setQueryData<UserRecord>(userQueryOptions(session.id).queryKey, (user) =>
      user && user.language !== session.language ? { ...user, language: session.language } : user,
    );
  }
});
