import { useQuery } from '@tanstack/react-query';
import { piggyBanksQueryOptions } from '@/lib/activities';

/** GET /piggy-banks: only whether there is one is read (SPEC.md §3); a failure reads as none. */
export function usePiggyBanks() {
  const query = useQuery(piggyBanksQueryOptions());
  return { count: query.data?.length ?? 0, isPending: query.isPending };
}
