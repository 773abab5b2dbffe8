import { useMutation } from '@tanstack/react-query';
import type { CheckoutSession } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/** POST /stripe-donation-checkout-sessions, then off to the provider's checkout page. */
export function useStartDonationCheckout() {
  return useMutation({
    mutationFn: (teamId: number) =>
      api.post<CheckoutSession>(
        '/stripe-donation-checkout-sessions',
        { team_id: teamId },
        { auth: true },
      ),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
