import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchoolTeam } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

const schoolTeamsKey = (schoolId: number) => ['schools', schoolId, 'teams'] as const;

/** GET /schools/{id}/teams (admins): the school's teams by name, at most 50, narrowed by `search`. */
export function useSchoolTeams(schoolId: number, search: string) {
  return useQuery({
    queryKey: [...schoolTeamsKey(schoolId), 'list', search],
    queryFn: ({ signal }) => {
      const query = search ? `?${new URLSearchParams({ search })}` : '';
      return api.get<SchoolTeam[]>(`/schools/${schoolId}/teams${query}`, { auth: true, signal });
    },
  });
}

/** PATCH /schools/{id}/teams/{teamId}: a new name, or `null` for the captain's default. */
export function useRenameSchoolTeam(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, name }: { teamId: number; name: string | null }) =>
      api.patch<SchoolTeam>(`/schools/${schoolId}/teams/${teamId}`, { name }, { auth: true }),
    onSuccess: () => {
      // The list, the ranking on /team and the caller's own team may all show the old name.
      void queryClient.invalidateQueries({ queryKey: schoolTeamsKey(schoolId) });
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
    },
  });
}
