import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
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
 * TanStack Query for the pages under it, which are all but the login and role pages: a lazy
 * layout keeps the library out of their first load (docs/decisions/web-bundle-budget.md). Each
 * group of pages has its own client, so leaving the signed-in pages (logout, any 401, SPEC.md §4)
 * drops that user's cache with them.
 */
export function QueryLayout() {
  const [queryClient] = useState(createStartedQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
