import { Trans } from '@lingui/react/macro';
import type { SubscriptionTier } from '@wellbank/domain';
import { useFormats } from '@/i18n/formats';
import { cn } from '@/lib/platform/cn';
import { useTierLabel } from './tier-label';

interface TierTableProps {
  tiers: readonly SubscriptionTier[];
  current: SubscriptionTier | undefined;
}

/** The subscription tiers, the one the student count selects highlighted. */
export function TierTable({ tiers, current }: TierTableProps) {
  const { formatCents } = useFormats();
  const tierLabel = useTierLabel();
  return (
    <table className="w-full text-left">
      <caption className="pb-2 text-left font-semibold text-slate-700">
        <Trans>Subscription tiers</Trans>
      </caption>
      <thead>
        <tr className="border-b-2 border-slate-200 text-sm text-slate-600">
          <th scope="col" className="py-2 font-semibold">
            <Trans>Students</Trans>
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            <Trans>One-time price</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => {
          const selected = tier === current;
          return (
            <tr
              key={tier.min_students}
              aria-current={selected ? 'true' : undefined}
              className={cn(
                'border-b border-slate-100',
                selected && 'bg-emerald-50 font-bold text-accent-strong',
              )}
            >
              <td className="py-2 pl-2">
                {tierLabel(tier)}
                {selected && (
                  <span className="sr-only">
                    {' '}
                    <Trans>(your tier)</Trans>
                  </span>
                )}
              </td>
              <td className="py-2 pr-2 text-right tabular-nums">{formatCents(tier.amount)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
