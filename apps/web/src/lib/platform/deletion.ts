import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SchoolDeletionResponse, SessionRecord } from '@wellbank/domain';
import { apiRequest } from '@/lib/platform/api-client';
import { mergeSession } from '@/lib/platform/session';
import { userQueryOptions } from '@/lib/platform/shell-queries';

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

/**
 * The school's deletion date, wherever the app keeps the user record: the session (which the
 * gates read) and the cached GET /users/{id}, which would otherwise put the old date back.
 */
function useSetSchoolPurgeAfter(userId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = userQueryOptions(userId);
  return async (purgeAfter: string | null) => {
    // A read still on its way carries the old date: dropped, not merged after this.
    await queryClient.cancelQueries({ queryKey });
    mergeSession({ school_purge_after: purgeAfter });
    queryClient.setQueryData(queryKey, (user) =>
      user ? { ...user, school_purge_after: purgeAfter } : user,
    );
  };
}

/** DELETE /schools/{id} with the typed code: the school closes. */
export function useDeleteSchool(user: SessionRecord) {
  const setPurgeAfter = useSetSchoolPurgeAfter(user.id);
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<SchoolDeletionResponse>(`/schools/${user.school.id}`, {
        method: 'DELETE',
        body: { code },
        auth: true,
      }),
    onSuccess: ({ purge_after }) => setPurgeAfter(purge_after),
  });
}

/** DELETE /schools/{id}/deletion: the school reopens. */
export function useCancelSchoolDeletion(user: SessionRecord) {
  const setPurgeAfter = useSetSchoolPurgeAfter(user.id);
  return useMutation({
    mutationFn: () =>
      apiRequest<null>(`/schools/${user.school.id}/deletion`, { method: 'DELETE', auth: true }),
    onSuccess: () => setPurgeAfter(null),
  });
}
