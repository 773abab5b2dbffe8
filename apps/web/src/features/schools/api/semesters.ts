import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SemesterInput, SemesterRecord } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

export const semestersQueryOptions = (schoolId: number) =>
  queryOptions({
    queryKey: ['schools', schoolId, 'semesters'],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ semesters: SemesterRecord[] }>(`/schools/${schoolId}/semesters`, {
          auth: true,
          signal,
        })
      ).semesters,
  });

export function useSemesters(schoolId: number) {
  return useQuery(semestersQueryOptions(schoolId));
}

export function useCreateSemester(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SemesterInput) =>
      api.post<unknown>(`/schools/${schoolId}/semesters`, body, { auth: true }),
    onSuccess: () => queryClient.invalidateQueries(semestersQueryOptions(schoolId)),
  });
}

/**
 * PUT /schools/semesters/{id}/active, then the list is reloaded from the server (SPEC.md §4).
 * Everyone's points follow the active interval, so every other cached figure is stale too.
 */
export function useToggleSemester(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (semesterId: number) =>
      api.put<unknown>(`/schools/semesters/${semesterId}/active`, undefined, { auth: true }),
    onSettled: async () => {
      await queryClient.invalidateQueries(semestersQueryOptions(schoolId));
      void queryClient.invalidateQueries();
    },
  });
}

/** PUT /schools/{id}/semesters/{semesterId} (decision 0031); points may follow new dates. */
export function useUpdateSemester(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SemesterInput }) =>
      api.put<SemesterRecord>(`/schools/${schoolId}/semesters/${id}`, body, { auth: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries(semestersQueryOptions(schoolId));
      void queryClient.invalidateQueries();
    },
  });
}

/** DELETE /schools/{id}/semesters/{semesterId}: refused (409) once a day is logged in it. */
export function useDeleteSemester(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (semesterId: number) =>
      api.delete<unknown>(`/schools/${schoolId}/semesters/${semesterId}`, { auth: true }),
    onSuccess: () => queryClient.invalidateQueries(semestersQueryOptions(schoolId)),
  });
}
