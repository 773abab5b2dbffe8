import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PiggyBank } from '@wellbank/domain';
import { api } from '@/lib/api-client';

export const piggyBanksQueryOptions = () =>
  queryOptions({
    queryKey: ['piggy-banks'],
    queryFn: ({ signal }) => api.get<PiggyBank[]>('/piggy-banks', { auth: true, signal }),
    select: (body) => (Array.isArray(body) ? body : []),
  });

/** GET /piggy-banks: only whether there is one is read (SPEC.md §3); a failure reads as none. */
export function usePiggyBanks() {
  const query = useQuery(piggyBanksQueryOptions());
  return { count: query.data?.length ?? 0, isPending: query.isPending };
}
