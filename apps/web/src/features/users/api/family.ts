import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Guardian, IssuedFamilyCode } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

const guardiansQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId, 'guardians'],
    queryFn: ({ signal }) =>
      api.get<Guardian[]>(`/users/${userId}/guardians`, { auth: true, signal }),
  });

/** GET /users/{id}/guardians: who is linked to the child as family (decision 0075). */
export function useGuardians(userId: number) {
  return useQuery(guardiansQueryOptions(userId));
}

/** POST /users/{id}/family-code: the child's new code, which replaces the one printed before. */
export function useMakeFamilyCode(userId: number) {
  return useMutation({
    mutationFn: () =>
      api.post<IssuedFamilyCode>(`/users/${userId}/family-code`, undefined, { auth: true }),
  });
}
