import { Trans, useLingui } from '@lingui/react/macro';
import {
  DEFAULT_TIME_ZONE,
  MAX_STUDENTS,
  type SubscriptionSummary,
  tierFor,
} from '@wellbank/domain';
import { ErrorBox } from '@/components/ui/error-box';
import { QueryPending } from '@/components/ui/query-pending';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { errorText } from '@/lib/platform/api-client';
import { useSubscriptionSummary } from '../api/subscription-summary';
import { PaymentReceipts } from './payment-receipts';
import { useTierLabel } from './tier-label';
import { UpgradeForm } from './upgrade-form';

/**
 * What the school paid and the student places it covers (issue 35 §1), an upgrade to a larger
 * tier, and the receipts of its payments (§2), for its coordinators.
 */
export function PaidSubscription({ schoolId }: { schoolId: number }) {
  const { t } = useLingui();
  const summary = useSubscriptionSummary(schoolId);
  const paidTier = summary.data && tierFor(summary.data.payment.num_students);
  // The last tier has nothing to upgrade to: a larger school asks for a quote.
  const canUpgrade = paidTier && paidTier.max_students < MAX_STUDENTS;
  return (
    <>
      <QueryPending query={summary} label={t`Loading what was paid...`} />
      {summary.isError && <ErrorBox messages={[errorText(summary.error)]} />}
      {summary.data && <SummaryList summary={summary.data} />}
      {canUpgrade && <UpgradeForm schoolId={schoolId} paid={paidTier} />}
      {summary.data && <PaymentReceipts schoolId={schoolId} />}
    </>
  );
}

function SummaryList({ summary }: { summary: SubscriptionSummary }) {
  const { formatCents, formatCount, formatSchoolDay } = useFormats();
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const tierLabel = useTierLabel();
  const tier = tierFor(summary.payment.num_students);
  // A day, on the school's calendar (docs/rules.md, Dates).
  const paidOn = formatSchoolDay(new Date(summary.payment.paid_at), timeZone);
  const amount = formatCents(Math.round(summary.payment.amount * 100));
  const used = formatCount(summary.seats_used);
  const cap = formatCount(summary.student_cap);
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-xl border-2 border-slate-200 p-4 sm:grid-cols-[auto_1fr]">
      {tier && (
        <>
          <dt className="font-semibold text-slate-700">
            <Trans>Tier</Trans>
          </dt>
          <dd>{tierLabel(tier)}</dd>
        </>
      )}
      <dt className="font-semibold text-slate-700">
        <Trans>Paid</Trans>
      </dt>
      <dd>
        <Trans>
          {amount} on {paidOn}
        </Trans>
      </dd>
      <dt className="font-semibold text-slate-700">
        <Trans>Student places</Trans>
      </dt>
      <dd>
        <Trans>
          {used} of {cap} used
        </Trans>
        <p className="text-sm text-slate-700">
          <Trans>Students who have joined and students invited who have not yet.</Trans>
        </p>
      </dd>
    </dl>
  );
}
