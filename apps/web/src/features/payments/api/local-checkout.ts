import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LocalCheckout } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

const path = (id: string) => `/local-checkout/${encodeURIComponent(id)}`;

export const localCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['local-checkout', id],
    queryFn: ({ signal }) => api.get<LocalCheckout>(path(id), { signal }),
    retry: false,
  });

export function useLocalCheckout(id: string) {
  return useQuery(localCheckoutQueryOptions(id));
}

/** Marks the test session paid and follows the success URL, as a real checkout would. */
export function usePayLocalCheckout() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ redirect_url: string }>(`${path(id)}/pay`),
    onSuccess: ({ redirect_url }) => window.location.assign(redirect_url),
  });
}
