import { useQuery } from '@tanstack/react-query';
import type { PolicyConsent } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

export const policyConsentKey = (userId: number) => ['users', userId, 'policy-consent'];

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
