import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyTeam, TeamGoal, TeamRanking, TeamUserEntry } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';
import { myTeamQueryOptions } from '@/lib/platform/shell-queries';

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

/**
 * GET /teams/me/goal: this week's meter (decision 0083), read again each time /team opens, so it
 * shows every day completed since.
 */
export function useTeamGoal(enabled: boolean) {
  return useQuery({
    queryKey: ['teams', 'me', 'goal'],
    queryFn: ({ signal }) => api.get<TeamGoal>('/teams/me/goal', { auth: true, signal }),
    enabled,
    staleTime: 0,
  });
}

/** GET /schools/{id}/teams/ranking: the school's top ten teams and the caller's own. */
export function useTeamRanking(schoolId: number | undefined) {
  return useQuery({
    queryKey: ['schools', schoolId, 'teams', 'ranking'],
    queryFn: ({ signal }) =>
      api.get<TeamRanking>(`/schools/${schoolId}/teams/ranking`, { auth: true, signal }),
    enabled: schoolId !== undefined,
  });
}

/** PATCH /teams/{id} (its captain): the answer is the caller's team, as GET /teams/me. */
export function useRenameTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, name }: { teamId: number; name: string }) =>
      api.patch<MyTeam>(`/teams/${teamId}`, { name }, { auth: true }),
    onSuccess: (team) => {
      queryClient.setQueryData(myTeamQueryOptions().queryKey, team);
      void queryClient.invalidateQueries({ queryKey: ['schools', team.school.id, 'teams'] });
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
    },
  });
}
