import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../query-client';

/**
 * TanStack Query for the pages under it, which are all but the login and role pages: a lazy
 * layout keeps the library out of their first load (docs/decisions/0018-web-bundle-budget.md).
 * Every group of pages shares the one client (app/query-client.ts).
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
