import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingInvitation, PendingInvitations } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/** Under the school's key, so a roster import (which invalidates it) refreshes the list too. */
const invitationsKey = (schoolId: number) => ['schools', schoolId, 'invitations'] as const;

/** GET /schools/{id}/invitations: pending invitations and the student places they take. */
export function usePendingInvitations(schoolId: number) {
  return useQuery({
    queryKey: invitationsKey(schoolId),
    queryFn: ({ signal }) =>
      api.get<PendingInvitations>(`/schools/${schoolId}/invitations`, { auth: true, signal }),
  });
}

/** Resend (a new link, the old one void) or revoke (deleted) one pending invitation. */
export function useInvitationAction(schoolId: number, action: 'resend' | 'revoke') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: PendingInvitation) => {
      const path = `/schools/${schoolId}/invitations/${invitation.id}`;
      return action === 'resend'
        ? api.post<null>(`${path}/resend`, undefined, { auth: true })
        : api.delete<null>(path, { auth: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(schoolId) }),
  });
}
