import { CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/platform/cn';

const tones = {
  success: { icon: CircleCheck, classes: 'border-accent/30 bg-emerald-50 text-accent-strong' },
  /** Neutral news: "Payment canceled.", "not active yet". */
  info: { icon: Info, classes: 'border-slate-300 bg-slate-50 text-slate-800' },
};

/** An announced message (role="status"), green for success, grey for neutral news. */
export function StatusMessage({
  tone = 'success',
  children,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
}) {
  const { icon: Icon, classes } = tones[tone];
  return (
    <div role="status" className={cn('flex gap-3 rounded-xl border-2 p-3', classes)}>
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="font-medium">{children}</div>
    </div>
  );
}
