import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';
import { mergeSession } from '@/lib/platform/session';
import { userQueryOptions } from '@/lib/platform/shell-queries';

export interface PaymentReport {
  /** `/schools/{id}/payments` or `/teams/{id}/payments`. */
  path: string;
  sessionId: string;
  userId: number;
}

/**
 * SPEC.md §4 Payment return: record the payment, then refresh the user (and its flags) and what
 * the school's pages show of it.
 */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, sessionId, userId }: PaymentReport) => {
      const payment = await api.post<Payment>(
        path,
        { stripe_session_id: sessionId },
        { auth: true },
      );
      const user = await queryClient.fetchQuery({ ...userQueryOptions(userId), staleTime: 0 });
      mergeSession(user);
      // An upgrade changes the school's summary, cap and payments at once.
      await queryClient.invalidateQueries({ queryKey: ['schools', payment.school_id] });
      return payment;
    },
  });
}
