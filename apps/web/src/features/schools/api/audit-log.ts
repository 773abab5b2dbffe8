import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type AuditEntry, auditLogPath } from '@wellbank/domain';
import { fetchListPage, type ListPage } from '@/lib/platform/paged-list';
import { mySchoolQueryOptions } from '@/lib/platform/shell-queries';

/** The activity log, newest first, a page at a time, following the server's Link header. */
export const auditLogQueryOptions = (schoolId: number) =>
  infiniteQueryOptions({
    queryKey: ['schools', schoolId, 'audit-log'],
    queryFn: ({ pageParam, signal }) => fetchListPage<AuditEntry>(pageParam, signal),
    initialPageParam: auditLogPath({ schoolId }),
    getNextPageParam: (last: ListPage<AuditEntry>) => last.next,
  });

export function useAuditLog(schoolId: number) {
  return useInfiniteQuery(auditLogQueryOptions(schoolId));
}

/** The school's time zone, in which the log shows its times (DESIGN.md §1.1); it never changes. */
export function useSchoolTimeZone() {
  return useQuery({ ...mySchoolQueryOptions(), select: (school) => school.time_zone });
}
