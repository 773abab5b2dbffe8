import {
  DEFAULT_PEOPLE_SORT,
  formatCount,
  nextPeopleSort,
  type PeopleSort,
  type PointsListEntry,
  sortPeople,
} from '@wellbank/domain';
import { useMemo, useState } from 'react';
import { DataTable, tdClasses } from '@/components/ui/data-table';
import { fullName } from '@/lib/session';
import { SortableHeader } from './sortable-header';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function lastActivity(timestamp: string | null): string {
  if (!timestamp) return 'Never';
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? 'Never' : day.format(date);
}

/** Name, Points and Last activity, sorted by a header click (SPEC.md §9 Lists). */
export function PointsTable({ people, caption }: { people: PointsListEntry[]; caption: string }) {
  const [sort, setSort] = useState<PeopleSort>(DEFAULT_PEOPLE_SORT);
  const rows = useMemo(() => sortPeople(people, sort), [people, sort]);
  const onSort = (key: PeopleSort['key']) => setSort((current) => nextPeopleSort(current, key));

  return (
    <DataTable>
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
            sortKey="last_activity_logged_at"
            sort={sort}
            onSort={onSort}
            className="w-36"
          />
        </tr>
      </thead>
      <tbody>
        {rows.map((person) => (
          <tr key={person.id}>
            <th scope="row" className={`${tdClasses} font-semibold break-words`}>
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
