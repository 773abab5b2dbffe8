import { Trans } from '@lingui/react/macro';
import { dollarsToCents } from '@wellbank/domain';
import { StatusMessage } from '@/components/ui/status-message';
import { useFormats } from '@/i18n/formats';

/** A second paid checkout for what was already paid (decision 0004): shown, then refunded. */
export function DuplicateNotice({
  payment,
}: {
  payment: { amount: number; stripe_session_id: string };
}) {
  const { formatCents } = useFormats();
  const amount = formatCents(dollarsToCents(payment.amount));
  const checkout = payment.stripe_session_id;
  return (
    <StatusMessage tone="info">
      <Trans>
        A second payment of {amount} (checkout {checkout}) was received and will be refunded.
      </Trans>
    </StatusMessage>
  );
}
