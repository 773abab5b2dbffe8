import { useLingui } from '@lingui/react/macro';
import type { PeopleSort, PeopleSortKey, PointsListEntry } from '@wellbank/domain';
import { DataTable, tdClasses } from '@/components/ui/data-table';
import { useFormats } from '@/i18n/formats';
import { cn } from '@/lib/cn';

import { fullName } from '@/lib/session';
import { useRowFocus } from './show-more';
import { SortableHeader } from './sortable-header';

/** The day of a last activity ("Nov 23, 2026"), or null for never. */
function lastActivityDate(timestamp: string | null): Date | null {
  const date = timestamp ? new Date(timestamp) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

interface PointsTableProps {
  people: PointsListEntry[];
  caption: string;
  sort: PeopleSort;
  onSort: (key: PeopleSortKey) => void;
  /** The rows are the previous order's while the new one loads. */
  busy: boolean;
  /** The row to focus: the first one "Show more" added, so reading goes on from there. */
  focusRow: number | undefined;
}

/** Name, Points and Last activity, in the order the server sorted them (SPEC.md §9 Lists). */
export function PointsTable({ people, caption, sort, onSort, busy, focusRow }: PointsTableProps) {
  const { formatCount, dateFormat } = useFormats();
  const { t } = useLingui();
  const focusProps = useRowFocus(focusRow);
  const day = dateFormat({ dateStyle: 'medium' });
  const lastActivity = (timestamp: string | null) => {
    const date = lastActivityDate(timestamp);
    return date ? day.format(date) : t`Never`;
  };

  return (
    <DataTable aria-busy={busy} className={cn(busy && 'opacity-60')}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <SortableHeader label={t`Name`} sortKey="first_name" sort={sort} onSort={onSort} />
          <SortableHeader
            label={t`Points`}
            sortKey="points"
            sort={sort}
            onSort={onSort}
            className="w-24"
          />
          <SortableHeader
            label={t`Last activity`}
            sortKey="last_activity"
            sort={sort}
            onSort={onSort}
            className="w-36"
          />
        </tr>
      </thead>
      <tbody>
        {people.map((person, index) => (
          <tr key={person.id}>
            <th
              scope="row"
              {...focusProps(index)}
              className={`${tdClasses} font-semibold break-words`}
            >
              {fullName(person)}
            </th>
            <td className={`${tdClasses} tabular-nums`}>{formatCount(person.points)}</td>
            <td className={tdClasses}>{lastActivity(person.last_activity_logged_at)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
