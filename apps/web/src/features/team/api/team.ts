import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamUserEntry } from '@wellbank/domain';
import { api } from '@/lib/api-client';
import { myTeamQueryOptions } from '@/lib/shell-queries';

const teamUsersQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: ['teams', teamId, 'users'],
    queryFn: ({ signal }) =>
      api.get<TeamUserEntry[]>(`/teams/${teamId}/users`, { auth: true, signal }),
  });

/** The sidebar reads the same query for its counter: one request for both. */
export function useMyTeam() {
  return useQuery(myTeamQueryOptions());
}

export function useTeamUsers(teamId: number | undefined) {
  return useQuery({ ...teamUsersQueryOptions(teamId ?? 0), enabled: teamId != null });
}
