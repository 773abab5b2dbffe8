import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ConsentRecord, schoolConsentsPath } from '@wellbank/domain';
import { fetchListPage, type ListPage } from '@/lib/platform/paged-list';

/** The school's consent record, newest first, a page at a time (GET /schools/{id}/consents). */
export function useSchoolConsents(schoolId: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['schools', schoolId, 'consents'],
      queryFn: ({ pageParam, signal }) => fetchListPage<ConsentRecord>(pageParam, signal),
      initialPageParam: schoolConsentsPath({ schoolId }),
      getNextPageParam: (last: ListPage<ConsentRecord>) => last.next,
    }),
  );
}
