import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassChallenge, ClassChallengeCreate, StaffClassChallenges } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

function schoolChallengesQueryOptions(schoolId: number) {
  return queryOptions({
    queryKey: ['schools', schoolId, 'class-challenges'],
    queryFn: ({ signal }) =>
      api.get<StaffClassChallenges>(`/schools/${schoolId}/class-challenges`, {
        auth: true,
        signal,
      }),
  });
}

/** GET /schools/{id}/class-challenges (staff and admins). */
export function useSchoolChallenges(schoolId: number) {
  return useQuery(schoolChallengesQueryOptions(schoolId));
}

/** POST /schools/{id}/class-challenges: a week-long challenge for a homeroom or grade. */
export function useStartChallenge(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassChallengeCreate) =>
      api.post<ClassChallenge>(`/schools/${schoolId}/class-challenges`, body, { auth: true }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: schoolChallengesQueryOptions(schoolId).queryKey }),
  });
}

/** POST /class-challenges/{id}/end: staff end a running challenge early. */
export function useEndChallenge(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<null>(`/class-challenges/${id}/end`, undefined, { auth: true }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: schoolChallengesQueryOptions(schoolId).queryKey }),
  });
}
