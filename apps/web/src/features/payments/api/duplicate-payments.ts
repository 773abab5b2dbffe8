import { useQuery } from '@tanstack/react-query';
import type { Payment } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/** GET /schools/{id}/duplicate-payments: second paid sessions, to refund (admins only). */
export function useDuplicatePayments(schoolId: number) {
  return useQuery({
    queryKey: ['schools', schoolId, 'duplicate-payments'],
    queryFn: ({ signal }) =>
      api.get<Payment[]>(`/schools/${schoolId}/duplicate-payments`, { signal, auth: true }),
  });
}
