import { useMutation, useQuery } from '@tanstack/react-query';
import type { Invitation, SessionRecord } from '@wellbank/domain';
import type { UserBody } from '@/components/forms/user-form';
import { api } from '@/lib/platform/api-client';
import { sessionFrom, setSession } from '@/lib/platform/session';

const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

/** GET /invitations/{token} (public): the prefilled names, e-mail, role and school. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitations', token],
    queryFn: ({ signal }) => api.get<Invitation>(invitationPath(token), { signal }),
    retry: false,
  });
}

/** POST /invitations/{token}/accept: signs the invited person up, joined to the school. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (input: { token: string; user: UserBody }) =>
      sessionFrom(
        await api.post<SessionRecord>(`${invitationPath(input.token)}/accept`, {
          user: input.user,
        }),
      ),
    onSuccess: setSession,
  });
}
