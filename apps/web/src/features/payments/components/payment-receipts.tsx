import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_TIME_ZONE, type SchoolPayment, tierFor } from '@wellbank/domain';
import { DownloadButton } from '@/components/ui/download-button';
import { ErrorBox } from '@/components/ui/error-box';
import { QueryPending } from '@/components/ui/query-pending';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { errorText } from '@/lib/platform/api-client';
import { receiptPath, useSchoolPayments } from '../api/school-payments';
import { useTierLabel } from './tier-label';

/** The school's subscription payments, each with its printable receipt (issue 35 §2). */
export function PaymentReceipts({ schoolId }: { schoolId: number }) {
  const { t } = useLingui();
  const payments = useSchoolPayments(schoolId);
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-bold">
        <Trans>Payments and receipts</Trans>
      </h2>
      <QueryPending query={payments} label={t`Loading payments...`} />
      {payments.isError && <ErrorBox messages={[errorText(payments.error)]} />}
      {payments.data && (
        <ul className="flex flex-col gap-3">
          {payments.data.map((payment) => (
            <li key={payment.id} className="rounded-xl border-2 border-slate-200 p-4">
              <Receipt schoolId={schoolId} payment={payment} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Receipt({ schoolId, payment }: { schoolId: number; payment: SchoolPayment }) {
  const { t } = useLingui();
  const { formatCents, formatCount, formatSchoolDay } = useFormats();
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const tierLabel = useTierLabel();
  const tier = tierFor(payment.num_students);
  const tierText = tier ? tierLabel(tier) : formatCount(payment.num_students);
  const date = formatSchoolDay(new Date(payment.paid_at), timeZone);
  const amount = formatCents(Math.round(payment.amount * 100));
  const from = formatCount(payment.upgraded_from ?? 0);
  const bought =
    payment.upgraded_from === null
      ? t`Subscription (${tierText})`
      : t`Upgrade from up to ${from} students to ${tierText}`;
  return (
    <DownloadButton
      path={receiptPath(schoolId, payment.id)}
      label={t`Download receipt`}
      pendingLabel={t`Preparing the receipt...`}
      description={t`${date}: ${bought}, ${amount}`}
    />
  );
}
