import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyTeam, TeamUserEntry } from '@wellbank/domain';
import { api } from '@/lib/api-client';

/** Same key as the sidebar's counter, so the drawer and the page share one request. */
export const myTeamQueryOptions = () =>
  queryOptions({
    queryKey: ['teams', 'me'],
    queryFn: ({ signal }) => api.get<MyTeam>('/teams/me', { auth: true, signal }),
  });

export const teamUsersQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: ['teams', teamId, 'users'],
    queryFn: ({ signal }) =>
      api.get<TeamUserEntry[]>(`/teams/${teamId}/users`, { auth: true, signal }),
  });

export function useMyTeam() {
  return useQuery(myTeamQueryOptions());
}

export function useTeamUsers(teamId: number | undefined) {
  return useQuery({ ...teamUsersQueryOptions(teamId ?? 0), enabled: teamId != null });
}
