import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SchoolDeletionResponse } from '@wellbank/domain';
import { apiRequest } from '@/lib/api-client';
import { mergeSession } from '@/lib/session';

/**
 * DELETE /users/{id} of the signed-in adult, with their password. A wrong password is the call's
 * own 422; on success the account and its sessions are gone: the caller forgets the session.
 */
export function useDeleteOwnAccount(id: number) {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<null>(`/users/${id}`, { method: 'DELETE', body: { password }, auth: true }),
  });
}

/** DELETE /users/{id} of a student or staff member, by their school's admin. */
export function useRemoveMember(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: { id: number; name: string }) =>
      apiRequest<null>(`/users/${person.id}`, { method: 'DELETE', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['schools', schoolId] }),
  });
}

/** DELETE /schools/{id} with the typed code: the school closes, and the session shows it. */
export function useDeleteSchool(schoolId: number) {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<SchoolDeletionResponse>(`/schools/${schoolId}`, {
        method: 'DELETE',
        body: { code },
        auth: true,
      }),
    onSuccess: ({ purge_after }) => mergeSession({ school_purge_after: purge_after }),
  });
}

/** DELETE /schools/{id}/deletion: the school reopens. */
export function useCancelSchoolDeletion(schoolId: number) {
  return useMutation({
    mutationFn: () =>
      apiRequest<null>(`/schools/${schoolId}/deletion`, { method: 'DELETE', auth: true }),
    onSuccess: () => mergeSession({ school_purge_after: null }),
  });
}
