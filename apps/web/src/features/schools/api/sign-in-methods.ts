import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchoolSignInMethods } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

function signInMethodsQueryOptions(schoolId: number) {
  return queryOptions({
    queryKey: ['schools', schoolId, 'sign-in-methods'],
    queryFn: () =>
      api.get<SchoolSignInMethods>(`/schools/${schoolId}/sign-in-methods`, { auth: true }),
  });
}

export function useSignInMethods(schoolId: number) {
  return useQuery(signInMethodsQueryOptions(schoolId));
}

export function useSaveSignInMethods(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (methods: SchoolSignInMethods) =>
      api.put<SchoolSignInMethods>(`/schools/${schoolId}/sign-in-methods`, methods, {
        auth: true,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(signInMethodsQueryOptions(schoolId).queryKey, saved);
    },
  });
}
