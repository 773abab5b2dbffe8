import { useMutation, useQueryClient } from '@tanstack/react-query';
import { POLICY_VERSION, type PolicyConsent } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';
import { policyConsentKey } from './policy-consent';

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
