import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '@wellbank/domain';
import type { UserBody } from '@/components/forms/user-form';
import { api } from '@/lib/platform/api-client';
import { mergeSession } from '@/lib/platform/session';
import { userQueryOptions } from '@/lib/platform/shell-queries';

export function updateUser(input: { id: number; user: UserBody }): Promise<UserRecord> {
  return api.patch<UserRecord>(`/users/${input.id}`, { user: input.user }, { auth: true });
}

/** PATCH /users/{id}; the answer is merged into the session and the cached user. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user, { id }) => {
      if (user && typeof user === 'object') {
        mergeSession(user);
        queryClient.setQueryData(userQueryOptions(id).queryKey, user);
      }
    },
  });
}
