import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicTeam } from '@wellbank/domain';
import { api } from '@/lib/api-client';

interface MySchool {
  name: string;
  num_team_users: number;
}

interface MyTeam {
  id: number;
  name: string;
  num_team_users: number;
}

/** Rejects an answer without a count, so a half-built server never breaks the drawer. */
function withCount<T extends { num_team_users: number }>(body: T | undefined): T {
  if (typeof body?.num_team_users !== 'number') throw new Error('No count in the answer');
  return body;
}

/** The sidebar counters are optional extras: a failed call hides its line and is not retried. */
const quiet = { retry: false, staleTime: 60_000 } as const;

export const mySchoolQueryOptions = () =>
  queryOptions({
    queryKey: ['schools', 'me'],
    queryFn: async ({ signal }) =>
      withCount(await api.get<MySchool>('/schools/me', { auth: true, signal })),
    ...quiet,
  });

export const myTeamQueryOptions = () =>
  queryOptions({
    queryKey: ['teams', 'me'],
    queryFn: async ({ signal }) =>
      withCount(await api.get<MyTeam>('/teams/me', { auth: true, signal })),
    ...quiet,
  });

/** GET /teams/{id} is public (SPEC.md §6): community members see their team's name. */
export const teamQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['teams', 'public', String(id)],
    queryFn: ({ signal }) => api.get<PublicTeam>(`/teams/${id}`, { signal }),
    ...quiet,
  });

export function useMySchool(enabled: boolean) {
  return useQuery({ ...mySchoolQueryOptions(), enabled });
}

export function useMyTeam(enabled: boolean) {
  return useQuery({ ...myTeamQueryOptions(), enabled });
}

export function useTeamById(id: number | null | undefined, enabled: boolean) {
  return useQuery({ ...teamQueryOptions(id ?? 0), enabled: enabled && id != null });
}
