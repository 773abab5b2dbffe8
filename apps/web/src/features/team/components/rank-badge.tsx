import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type Medal as MedalName, medalFor } from '@wellbank/domain';
import { Medal } from 'lucide-react';
import { useFormats } from '@/i18n/formats';
import { cn } from '@/lib/platform/cn';

const MEDAL_STYLE: Record<MedalName, { label: MessageDescriptor; className: string }> = {
  gold: { label: msg`Gold`, className: 'bg-amber-100 text-amber-900 ring-amber-400' },
  silver: { label: msg`Silver`, className: 'bg-slate-100 text-slate-800 ring-slate-400' },
  bronze: { label: msg`Bronze`, className: 'bg-orange-100 text-orange-900 ring-orange-400' },
};

/**
 * A rank as an ordinal; the top three with points add a medal icon and its name, never colour
 * alone.
 */
export function RankBadge({ rank, points }: { rank: number; points: number }) {
  const { i18n } = useLingui();
  const { ordinal } = useFormats();
  const medal = medalFor(rank, points);
  if (!medal) return <span className="px-2 font-bold tabular-nums">{ordinal(rank)}</span>;
  const style = MEDAL_STYLE[medal];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-bold ring-2',
        style.className,
      )}
    >
      <Medal aria-hidden className="size-4 shrink-0" />
      <span className="tabular-nums">{ordinal(rank)}</span>
      <span className="text-xs font-semibold">{i18n._(style.label)}</span>
    </span>
  );
}
