import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamRankingMode, TeamRankingSetting } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/** What the school's students and families see on the team leaderboard (decision 0083). */
function teamRankingQueryOptions(schoolId: number) {
  return queryOptions({
    queryKey: ['schools', schoolId, 'team-ranking'],
    queryFn: ({ signal }) =>
      api.get<TeamRankingSetting>(`/schools/${schoolId}/team-ranking`, { auth: true, signal }),
  });
}

export function useTeamRankingSetting(schoolId: number) {
  return useQuery(teamRankingQueryOptions(schoolId));
}

export function useSaveTeamRankingSetting(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ranking: TeamRankingMode) =>
      api.put<TeamRankingSetting>(`/schools/${schoolId}/team-ranking`, { ranking }, { auth: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(teamRankingQueryOptions(schoolId).queryKey, saved);
    },
  });
}
