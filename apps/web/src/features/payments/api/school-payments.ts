import { useQuery } from '@tanstack/react-query';
import type { SchoolPayment } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/** GET /schools/{id}/payments: the subscription's payments, each with a receipt (admins only). */
export function useSchoolPayments(schoolId: number) {
  return useQuery({
    queryKey: ['schools', schoolId, 'payments'],
    queryFn: ({ signal }) =>
      api.get<SchoolPayment[]>(`/schools/${schoolId}/payments`, { signal, auth: true }),
  });
}

/** Where a payment's printable receipt is downloaded from. */
export function receiptPath(schoolId: number, paymentId: number): string {
  return `/schools/${schoolId}/payments/${paymentId}/receipt`;
}
