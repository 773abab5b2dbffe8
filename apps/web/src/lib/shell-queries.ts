import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Activity, SessionRecord, UserRecord } from '@wellbank/domain';
import { api } from './api-client';
import { TODAY_ACTIVITIES_PATH, userPath } from './first-load';

/*
 * What the signed-in frame (features/shell) reads on every page: the user and today's
 * activities. Their query options live here, apart from the hooks and the scoring code, so that
 * the query client can ask for them at start without growing the page's chunks; index.html asks
 * for the same paths even earlier (lib/first-load.ts).
 */

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['users', id],
    queryFn: ({ signal }) => api.get<UserRecord>(userPath(id), { auth: true, signal }),
  });

export const todayActivitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['activities', 'today'],
    queryFn: ({ signal }) => api.get<Activity[]>(TODAY_ACTIVITIES_PATH, { auth: true, signal }),
    select: (body) => (Array.isArray(body) ? body : []),
    staleTime: 15_000,
  });

/** Until the school or the team has paid, pages show no day (SPEC.md §2 nested group). */
export function mustPay(session: SessionRecord): boolean {
  return session.needs_subscription_payment || session.needs_team_payment;
}

/**
 * Asks for the frame's data when the app starts, so it downloads with the page's chunks instead
 * of after them, and the first signed-in page renders once, with its data.
 */
export function prefetchShellQueries(queryClient: QueryClient, session: SessionRecord): void {
  void queryClient.prefetchQuery(userQueryOptions(session.id));
  if (!mustPay(session)) void queryClient.prefetchQuery(todayActivitiesQueryOptions());
}
