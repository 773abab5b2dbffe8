import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  CheckoutSession,
  SubscriptionCheckoutRequest,
  SubscriptionTier,
} from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['subscriptions'],
    queryFn: ({ signal }) =>
      api.get<{ subscriptions: SubscriptionTier[]; quote_contact_email: string }>(
        '/subscriptions',
        { signal },
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSubscriptionTiers() {
  return useQuery(subscriptionsQueryOptions());
}

/** POST /stripe-subscription-checkout-sessions, then off to the provider's checkout page. */
export function useStartSubscriptionCheckout() {
  return useMutation({
    mutationFn: (body: SubscriptionCheckoutRequest) =>
      api.post<CheckoutSession>('/stripe-subscription-checkout-sessions', body, { auth: true }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
