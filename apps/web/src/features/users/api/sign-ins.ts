import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkedSignIns, SignInProviderId } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

function linkedSignInsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['users', userId, 'sign-ins'],
    queryFn: () => api.get<LinkedSignIns>(`/users/${userId}/sign-ins`, { auth: true }),
  });
}

export function useLinkedSignIns(userId: number) {
  return useQuery(linkedSignInsQueryOptions(userId));
}

export function useUnlinkSignIn(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: SignInProviderId) =>
      api.delete<null>(`/users/${userId}/sign-ins/${provider}`, { auth: true }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: linkedSignInsQueryOptions(userId).queryKey }),
  });
}

/**
 * Links a district account: the server answers the provider's sign-in address, and the browser
 * goes there; the provider sends it back to the sign-in flow, which makes the link.
 */
export function useLinkSignIn() {
  return useMutation({
    mutationFn: async (provider: SignInProviderId) => {
      const { url } = await api.post<{ url: string }>(`/sign-in/oidc/${provider}/link`, undefined, {
        auth: true,
      });
      window.location.assign(url);
    },
  });
}
