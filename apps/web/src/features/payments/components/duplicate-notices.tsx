import { duplicatePaymentNotice } from '@wellbank/domain';
import { StatusMessage } from '@/components/ui/status-message';
import { useDuplicatePayments } from '../api/duplicate-payments';

/** Decision 0004: a second paid checkout is told to the coordinator, then refunded. */
export function DuplicateNotices({ schoolId }: { schoolId: number }) {
  const duplicates = useDuplicatePayments(schoolId);
  return duplicates.data?.map((payment) => (
    <StatusMessage key={payment.id} tone="info">
      {duplicatePaymentNotice(payment)}
    </StatusMessage>
  ));
}
