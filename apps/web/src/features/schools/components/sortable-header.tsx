import type { PeopleSort, PeopleSortKey } from '@wellbank/domain';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { thClasses } from '@/components/ui/data-table';
import { cn } from '@/lib/platform/cn';

interface SortableHeaderProps {
  label: string;
  sortKey: PeopleSortKey;
  sort: PeopleSort;
  onSort: (key: PeopleSortKey) => void;
  className?: string;
}

/** A column header whose button sorts the table; aria-sort tells the current order. */
export function SortableHeader({ label, sortKey, sort, onSort, className }: SortableHeaderProps) {
  const active = sort.key === sortKey;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={ariaSort} className={cn(thClasses, 'p-0', className)}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={cn(
          'inline-flex min-h-11 w-full items-center gap-1 rounded-lg px-2 text-left uppercase hover:bg-emerald-50',
          active && 'text-accent-strong',
        )}
      >
        {label}
        <Icon aria-hidden className={cn('size-4 shrink-0', !active && 'opacity-50')} />
      </button>
    </th>
  );
}
