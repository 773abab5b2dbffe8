import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type AuditEntry, auditLogPath } from '@wellbank/domain';
import { fetchListPage, type ListPage } from '@/lib/platform/paged-list';

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
