import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/**
 * A query's first load: a spinner while it is asked for; offline with nothing saved from an
 * earlier visit (the query paused, decision 0027), why nothing comes instead of a spinner forever.
 */
export function QueryPending({
  query,
  label,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'fetchStatus'>;
  label: ReactNode;
}) {
  if (!query.isPending) return null;
  if (query.fetchStatus !== 'paused') return <Spinner label={label} />;
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-6 text-slate-700">
      <WifiOff aria-hidden className="size-5 shrink-0" />
      <Trans>You are offline. This shows once you are back online.</Trans>
    </p>
  );
}
