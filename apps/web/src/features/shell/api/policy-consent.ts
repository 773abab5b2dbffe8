import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POLICY_VERSION, type PolicyConsent } from '@wellbank/domain';
import { api } from '@/lib/api-client';

const policyConsentKey = (userId: number) => ['users', userId, 'policy-consent'];

/** Whether the signed-in user has agreed to the current version of the policies. */
export function usePolicyConsent(userId: number) {
  return useQuery({
    queryKey: policyConsentKey(userId),
    queryFn: ({ signal }) =>
      api.get<PolicyConsent>(`/users/${userId}/policy-consent`, { auth: true, signal }),
    enabled: userId > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Agrees to the version this build shows (the server refuses any other, 409). */
export function useAgreeToPolicies(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<PolicyConsent>(
        `/users/${userId}/policy-consent`,
        { version: POLICY_VERSION },
        { auth: true },
      ),
    onSuccess: (consent) => queryClient.setQueryData(policyConsentKey(userId), consent),
  });
}
