import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchoolUser, SwitchableRole } from '@wellbank/domain';
import { api } from '@/lib/api-client';

export const schoolUsersQueryOptions = (schoolId: number) =>
  queryOptions({
    queryKey: ['schools', schoolId, 'users'],
    queryFn: ({ signal }) =>
      api.get<SchoolUser[]>(`/schools/${schoolId}/users`, { auth: true, signal }),
  });

export function useSchoolUsers(schoolId: number) {
  return useQuery(schoolUsersQueryOptions(schoolId));
}

interface RoleChange {
  userId: number;
  role: SwitchableRole;
}

/** PUT /schools/{schoolId}/users/{userId}/roles/{student|staff}; the list is then reloaded. */
export function useChangeRole(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: RoleChange) =>
      api.put<unknown>(`/schools/${schoolId}/users/${userId}/roles/${role}`, undefined, {
        auth: true,
      }),
    onSettled: async () => {
      await queryClient.invalidateQueries(schoolUsersQueryOptions(schoolId));
      void queryClient.invalidateQueries({ queryKey: ['schools', schoolId, 'points'] });
    },
  });
}
