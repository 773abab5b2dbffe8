import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean }>;
}

interface ShowMoreProps {
  query: PagedQuery;
  /** Rows shown, the index the next page's first row will have. */
  shown: number;
  /** "Showing 100 of 420 students": each list says it in its own words (and plural). */
  status: string;
  /** The next page arrived: its first row is this index. */
  onShown: (firstNewRow: number) => void;
}

/**
 * Under a paged table: how many of how many it shows (announced politely as it grows) and "Show
 * more", which adds the next page below.
 */
export function ShowMore({ query, shown, status, onShown }: ShowMoreProps) {
  const loadingMore = query.isFetchingNextPage;
  const showMore = async () => {
    const result = await query.fetchNextPage();
    if (!result.isError) onShown(shown);
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-slate-700 tabular-nums">
        {status}
      </p>
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="w-full sm:w-auto"
          aria-disabled={loadingMore}
          onClick={() => {
            if (!loadingMore) void showMore();
          }}
        >
          {loadingMore ? <Trans>Loading more…</Trans> : <Trans>Show more</Trans>}
        </Button>
      )}
    </div>
  );
}

/**
 * Focus for the first row "Show more" added, so a keyboard or screen reader user goes on reading
 * where the new rows start: spread the result for a row's header cell (or a list's item).
 */
export function useRowFocus<T extends HTMLElement = HTMLTableCellElement>(
  focusRow: number | undefined,
) {
  const focused = useRef<T>(null);
  useEffect(() => {
    if (focusRow !== undefined) focused.current?.focus();
  }, [focusRow]);
  return (index: number) => (index === focusRow ? { ref: focused, tabIndex: -1 } : {});
}
