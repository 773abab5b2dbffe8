import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  DEFAULT_PEOPLE_SORT,
  nextPeopleSort,
  type PeopleSort,
  type PeopleSortKey,
  type PointsListEntry,
  type PointsListKind,
  pointsListPath,
} from '@wellbank/domain';
import { useState } from 'react';
import { fetchListPage, type ListPage } from '@/lib/platform/paged-list';

/** One page of a staff or student list, as the server sorted it. */
export type PointsPage = ListPage<PointsListEntry>;

/** Only one homeroom (a teacher's "My homeroom", decision 0030); unset, everybody. */
export interface PointsFilter {
  homeroom?: string | undefined;
}

const pointsListQueryOptions = (
  schoolId: number,
  kind: PointsListKind,
  sort: PeopleSort,
  filter: PointsFilter,
) =>
  infiniteQueryOptions({
    queryKey: [
      'schools',
      schoolId,
      'points',
      kind,
      sort.key,
      sort.direction,
      filter.homeroom ?? '',
    ],
    queryFn: ({ pageParam, signal }) => fetchListPage<PointsListEntry>(pageParam, signal),
    initialPageParam: pointsListPath({ schoolId, kind, sort, filter }),
    getNextPageParam: (last: PointsPage) => last.next,
  });

/**
 * A list and its order (SPEC.md §9 Lists): a header click asks the server for the first page in
 * the new order, showing the previous rows until it arrives.
 */
export function usePointsList(schoolId: number, kind: PointsListKind, filter: PointsFilter = {}) {
  const [sort, setSort] = useState<PeopleSort>(DEFAULT_PEOPLE_SORT);
  const query = useInfiniteQuery({
    ...pointsListQueryOptions(schoolId, kind, sort, filter),
    placeholderData: keepPreviousData,
  });
  const sortBy = (key: PeopleSortKey) => setSort((current) => nextPeopleSort(current, key));
  return { query, sort, sortBy };
}

export type PointsList = ReturnType<typeof usePointsList>;
