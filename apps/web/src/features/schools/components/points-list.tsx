import { useLingui } from '@lingui/react/macro';
import { listCsvPath, type PeopleSortKey, type PointsListKind } from '@wellbank/domain';
import { useState } from 'react';
import { OthersPointsNote } from '@/components/others-points-note';
import { ShowMore } from '@/components/show-more';
import { DownloadButton } from '@/components/ui/download-button';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/platform/api-client';
import type { PointsList } from '../api/points-lists';
import { PointsTable } from './points-table';

interface PointsListViewProps {
  list: PointsList;
  caption: string;
  /** "Showing 100 of 420 students", for the rows shown of the whole list's. */
  showing: (shown: number, total: number) => string;
  /** What "Download CSV" saves: "All 420 students in this order…", for the whole list's size. */
  csvDescription: (total: number) => string;
  loadingLabel: string;
  emptyText: string;
  /** Which list "Download CSV" saves, in the order shown. */
  csv: { schoolId: number; kind: PointsListKind };
}

/**
 * A staff or student list a page at a time: the table, how many of how many it shows (announced
 * politely as it grows) and "Show more", which adds the next page below and moves focus to its
 * first row, so a keyboard or screen reader user goes on reading where the new rows start.
 */
export function PointsListView({
  list,
  caption,
  showing,
  csvDescription,
  loadingLabel,
  emptyText,
  csv,
}: PointsListViewProps) {
  const { t } = useLingui();
  const { query, sort, sortBy } = list;
  const [focusRow, setFocusRow] = useState<number>();
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isLoadingError) return <ErrorBox messages={[errorText(query.error)]} />;

  const people = query.data.pages.flatMap((page) => page.people);
  const total = query.data.pages[0]?.total ?? people.length;
  if (people.length === 0) return <p className="text-slate-700">{emptyText}</p>;

  const onSort = (key: PeopleSortKey) => {
    setFocusRow(undefined);
    sortBy(key);
  };
  return (
    <div className="flex flex-col gap-3">
      <PointsTable
        people={people}
        caption={caption}
        sort={sort}
        onSort={onSort}
        busy={query.isPlaceholderData}
        focusRow={focusRow}
      />
      {query.isRefetchError && <ErrorBox messages={[errorText(query.error)]} />}
      <OthersPointsNote />
      <ShowMore
        query={query}
        shown={people.length}
        status={showing(people.length, total)}
        onShown={setFocusRow}
      />
      <DownloadButton
        path={listCsvPath({ ...csv, sort })}
        label={t`Download CSV`}
        pendingLabel={t`Preparing the CSV...`}
        description={csvDescription(total)}
      />
    </div>
  );
}
