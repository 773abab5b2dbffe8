import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type {
  Activity,
  MySchool,
  MyTeam,
  PublicTeam,
  SessionRecord,
  UserRecord,
} from '@wellbank/domain';
import { api } from './api-client';
import { TODAY_ACTIVITIES_PATH, userPath } from './first-requests';

/*
 * What the signed-in frame (features/shell) reads: on every page the user and today's activities,
 * in its drawer the team. Other pages read the same data through these definitions, so one cache
 * entry has one fetch and one retry policy whichever page asks first (features may not import
 * each other). Apart from the hooks and the scoring code, so that the query client can ask for
 * the frame's data at start without growing the page's chunks; index.html asks for the same paths
 * even earlier (lib/platform/first-load.ts).
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

/** GET /activities?date=YYYY-MM-DD: a past day's activities (issue #14), same shape as today's. */
export const dayActivitiesQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['activities', 'day', date],
    queryFn: ({ signal }) =>
      api.get<Activity[]>(`${TODAY_ACTIVITIES_PATH}?date=${date}`, { auth: true, signal }),
    select: (body) => (Array.isArray(body) ? body : []),
    staleTime: 15_000,
  });

/**
 * GET /schools/me: the sidebar's "influenced by our school", the activity log's times and the
 * school's calendar (its `time_zone` says where a day starts: DESIGN.md §1.1), which also dates a
 * write saved offline (lib/platform/offline).
 */
export const mySchoolQueryOptions = () =>
  queryOptions({
    queryKey: ['schools', 'me'],
    queryFn: ({ signal }) => api.get<MySchool>('/schools/me', { auth: true, signal }),
  });

/** GET /teams/me: the team page and the sidebar's "influenced by me". */
export const myTeamQueryOptions = () =>
  queryOptions({
    queryKey: ['teams', 'me'],
    queryFn: ({ signal }) => api.get<MyTeam>('/teams/me', { auth: true, signal }),
  });

/**
 * GET /teams/{id}, public (SPEC.md §6): the join page's team and a community member's team name
 * in the sidebar. The id comes from a URL or a session, as text or a number: one key for both.
 */
export const publicTeamQueryOptions = (id: number | string) =>
  queryOptions({
    queryKey: ['teams', 'public', String(id)],
    queryFn: ({ signal }) =>
      api.get<PublicTeam>(`/teams/${encodeURIComponent(String(id))}`, { signal }),
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
