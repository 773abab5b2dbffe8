import { queryOptions } from '@tanstack/react-query';
import type { MyTeam, PublicTeam } from '@wellbank/domain';
import { api } from './api-client';

/*
 * Team reads that several features make, defined once so that one cache entry has one fetch and
 * one retry policy whichever page asks first (features do not import each other).
 */

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
