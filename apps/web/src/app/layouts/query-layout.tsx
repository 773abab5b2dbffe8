import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { getSession } from '@/lib/session';
import { prefetchShellQueries } from '@/lib/shell-queries';
import { createQueryClient } from '../query-client';

/** A signed-in visit asks for the frame's data at once, in parallel with the page's chunks. */
function createStartedQueryClient() {
  const queryClient = createQueryClient();
  const session = getSession();
  if (session) prefetchShellQueries(queryClient, session);
  return queryClient;
}

/**
 * The client of a QueryLayout that has rendered but not mounted yet. Its pages are lazy, so its
 * first render suspends, and React drops the state of a component that suspends before it has
 * mounted: each retry would make a new client and send the frame's GETs again (three rounds on a
 * cold /dashboard, the page waiting for the last). Retries for the same session reuse it instead.
 */
let pending: { token: string | null; client: QueryClient } | null = null;

function useLayoutQueryClient(): QueryClient {
  const [client] = useState(() => {
    const token = getSession()?.token ?? null;
    if (pending?.token !== token) pending = { token, client: createStartedQueryClient() };
    return pending.client;
  });
  useEffect(() => {
    if (pending?.client === client) pending = null;
  }, [client]);
  return client;
}

/**
 * TanStack Query for the pages under it, which are all but the login and role pages: a lazy
 * layout keeps the library out of their first load (docs/decisions/0018-web-bundle-budget.md). Each
 * group of pages has its own client, so leaving the signed-in pages (logout, any 401, SPEC.md §4)
 * drops that user's cache with them.
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={useLayoutQueryClient()}>
      <Outlet />
    </QueryClientProvider>
  );
}
