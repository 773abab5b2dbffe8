import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  DEFAULT_PEOPLE_SORT,
  LINK_HEADER,
  nextPageLink,
  nextPeopleSort,
  type PeopleSort,
  type PeopleSortKey,
  type PointsListEntry,
  type PointsListKind,
  pointsListPath,
  TOTAL_COUNT_HEADER,
} from '@wellbank/domain';
import { useState } from 'react';
import { apiResponse, BASE_PATH } from '@/lib/api-client';

/** One page of a staff or student list, as the server sorted it. */
export interface PointsPage {
  people: PointsListEntry[];
  /** People in the whole list (X-Total-Count). */
  total: number;
  /** The next page's path below /api/v1, from the Link header; undefined on the last page. */
  next: string | undefined;
}

async function fetchPointsPage(path: string, signal: AbortSignal): Promise<PointsPage> {
  const { data, headers } = await apiResponse<PointsListEntry[]>(path, { auth: true, signal });
  const link = nextPageLink(headers.get(LINK_HEADER));
  const next = link && new URL(link, window.location.origin);
  return {
    people: data,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
    next: next && next.pathname.slice(BASE_PATH.length) + next.search,
  };
}

/** Pages follow the server's Link header, so the cursor stays the server's business. */
const pointsListQueryOptions = (schoolId: number, kind: PointsListKind, sort: PeopleSort) =>
  infiniteQueryOptions({
    queryKey: ['schools', schoolId, 'points', kind, sort.key, sort.direction],
    queryFn: ({ pageParam, signal }) => fetchPointsPage(pageParam, signal),
    initialPageParam: pointsListPath({ schoolId, kind, sort }),
    getNextPageParam: (last) => last.next,
  });

/**
 * A list and its order (SPEC.md §9 Lists): a header click asks the server for the first page in
 * the new order, showing the previous rows until it arrives.
 */
export function usePointsList(schoolId: number, kind: PointsListKind) {
  const [sort, setSort] = useState<PeopleSort>(DEFAULT_PEOPLE_SORT);
  const query = useInfiniteQuery({
    ...pointsListQueryOptions(schoolId, kind, sort),
    placeholderData: keepPreviousData,
  });
  const sortBy = (key: PeopleSortKey) => setSort((current) => nextPeopleSort(current, key));
  return { query, sort, sortBy };
}

export type PointsList = ReturnType<typeof usePointsList>;
