import { useLingui } from '@lingui/react/macro';
import {
  DEFAULT_TIME_ZONE,
  type PeopleSort,
  type PeopleSortKey,
  type PointsListEntry,
} from '@wellbank/domain';
import { useRowFocus } from '@/components/show-more';
import { DataTable, tdClasses } from '@/components/ui/data-table';
import { useFormats } from '@/i18n/formats';
import { useSchoolTimeZone } from '@/lib/day/school-day';
import { cn } from '@/lib/platform/cn';
import { fullName } from '@/lib/platform/session';
import { SortableHeader } from './sortable-header';

/** The moment of a last activity, or null for never. */
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

/**
 * Name, Points and Last activity, in the order the server sorted them (SPEC.md §9 Lists). The last
 * activity is a day on the school's calendar ("Nov 23, 2026"), as the CSV and the activity log
 * date it (docs/rules.md "Dates"), not the reader's device's.
 */
export function PointsTable({ people, caption, sort, onSort, busy, focusRow }: PointsTableProps) {
  const { formatCount, formatSchoolDay } = useFormats();
  const { t } = useLingui();
  const focusProps = useRowFocus(focusRow);
  const timeZone = useSchoolTimeZone().data ?? DEFAULT_TIME_ZONE;
  const lastActivity = (timestamp: string | null) => {
    const date = lastActivityDate(timestamp);
    return date ? formatSchoolDay(date, timeZone) : t`Never`;
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
