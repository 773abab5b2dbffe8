import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassFields, NewStudentInput, RosterResponse, SchoolUser } from '@wellbank/domain';
import { api, apiUpload } from '@/lib/platform/api-client';
import { schoolUsersQueryOptions } from './school-users';

/** POST /schools/{id}/roster: the file as text/csv; `dryRun` previews, otherwise imports. */
export function useRosterUpload(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      apiUpload<RosterResponse>(
        `/schools/${schoolId}/roster${dryRun ? '?dry_run=1' : ''}`,
        file,
        'text/csv',
      ),
    onSuccess: (_result, { dryRun }) => {
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: ['schools', schoolId] });
    },
  });
}

/** POST /schools/{id}/students: one student by name, without e-mail (decision 0063). */
export function useAddStudent(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (student: NewStudentInput) =>
      api.post<SchoolUser>(`/schools/${schoolId}/students`, student, { auth: true }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: schoolUsersQueryOptions(schoolId).queryKey }),
  });
}

/** PATCH /schools/{schoolId}/users/{userId}: a person's grade and homeroom. */
export function useSetClassFields(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, fields }: { userId: number; fields: ClassFields }) =>
      api.patch<SchoolUser>(`/schools/${schoolId}/users/${userId}`, fields, { auth: true }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: schoolUsersQueryOptions(schoolId).queryKey }),
  });
}

/**
 * POST /schools/{schoolId}/users/{userId}/email: staff give a student without e-mail an address,
 * which is mailed a link to choose a password (decision 0063).
 */
export function useAddStudentEmail(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, email }: { userId: number; email: string }) =>
      api.post<SchoolUser>(`/schools/${schoolId}/users/${userId}/email`, { email }, { auth: true }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: schoolUsersQueryOptions(schoolId).queryKey }),
  });
}
