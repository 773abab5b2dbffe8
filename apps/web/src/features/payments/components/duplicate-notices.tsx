import { useDuplicatePayments } from '../api/duplicate-payments';
import { DuplicateNotice } from './duplicate-notice';

/** Decision 0004: a second paid checkout is told to the coordinator, then refunded. */
export function DuplicateNotices({ schoolId }: { schoolId: number }) {
  const duplicates = useDuplicatePayments(schoolId);
  return duplicates.data?.map((payment) => <DuplicateNotice key={payment.id} payment={payment} />);
}
