import { useQuery } from '@tanstack/react-query';
import type { SubscriptionSummary } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/** GET /schools/{id}/subscription: what the school paid and its student places (admins only). */
export function useSubscriptionSummary(schoolId: number) {
  return useQuery({
    queryKey: ['schools', schoolId, 'subscription'],
    queryFn: ({ signal }) =>
      api.get<SubscriptionSummary>(`/schools/${schoolId}/subscription`, { signal, auth: true }),
  });
}
