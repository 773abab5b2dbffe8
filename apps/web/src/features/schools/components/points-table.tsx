import {
  formatCount,
  type PeopleSort,
  type PeopleSortKey,
  type PointsListEntry,
} from '@wellbank/domain';
import { DataTable, tdClasses } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { fullName } from '@/lib/session';
import { useRowFocus } from './show-more';
import { SortableHeader } from './sortable-header';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function lastActivity(timestamp: string | null): string {
  if (!timestamp) return 'Never';
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? 'Never' : day.format(date);
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
  const focusProps = useRowFocus(focusRow);

  return (
    <DataTable aria-busy={busy} className={cn(busy && 'opacity-60')}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <SortableHeader label="Name" sortKey="first_name" sort={sort} onSort={onSort} />
          <SortableHeader
            label="Points"
            sortKey="points"
            sort={sort}
            onSort={onSort}
            className="w-24"
          />
          <SortableHeader
            label="Last activity"
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
