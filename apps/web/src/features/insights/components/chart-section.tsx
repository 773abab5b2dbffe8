import { Trans, useLingui } from '@lingui/react/macro';
import { INSIGHTS_MESSAGES } from '@wellbank/domain';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/**
 * One chart: its heading and what it shows, the drawing (hidden from screen readers), and the
 * same figures as a table behind "Show as table".
 */
export function ChartSection({
  id,
  title,
  description,
  children,
  table,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
  table: ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      <p className="text-sm text-slate-700">{description}</p>
      <div aria-hidden className="flex flex-col gap-3">
        {children}
      </div>
      <details className="text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-accent-strong">
          <Trans>Show as table</Trans>
        </summary>
        {table}
      </details>
    </Card>
  );
}

/** A suppressed bar's look, explained under each chart that can have one. */
export function SuppressedKey() {
  const { i18n } = useLingui();
  return (
    <p className="flex items-center gap-2 text-xs text-slate-600">
      <span className="inline-block h-3 w-4 rounded-sm border border-dashed border-slate-400 bg-slate-100" />
      {i18n._(INSIGHTS_MESSAGES.notEnoughStudents)}
    </p>
  );
}
