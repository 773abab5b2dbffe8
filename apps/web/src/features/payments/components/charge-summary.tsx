import { Trans, useLingui } from '@lingui/react/macro';
import type { Charge } from '@wellbank/domain';
import { useFormats } from '@/i18n/formats';

interface ChargeSummaryProps {
  /** The label of the first line: "Subscription (101–300 students)", "Donation". */
  label: string;
  charge: Charge;
}

/** The amount, the processing fee on its own line, and the total (SPEC.md §9 Payments). */
export function ChargeSummary({ label, charge }: ChargeSummaryProps) {
  const { formatCents } = useFormats();
  const { t } = useLingui();
  const rows = [
    { term: label, cents: charge.amountCents },
    { term: t`Processing fee`, cents: charge.feeCents },
  ];
  return (
    <dl aria-live="polite" className="divide-y divide-slate-200 rounded-xl bg-slate-50 px-4">
      {rows.map((row) => (
        <div key={row.term} className="flex justify-between gap-4 py-2.5">
          <dt className="text-slate-700">{row.term}</dt>
          <dd className="font-semibold tabular-nums">{formatCents(row.cents)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 py-3 text-lg font-bold">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd className="tabular-nums">{formatCents(charge.totalCents)}</dd>
      </div>
    </dl>
  );
}
