import { useQuery } from '@tanstack/react-query';
import { piggyBanksQueryOptions } from '@/lib/day/activities';

/** GET /piggy-banks (?date= for a past day): only whether there is one is read (SPEC.md §3); a failure reads as none. */
export function usePiggyBanks(date?: string) {
  const query = useQuery(piggyBanksQueryOptions(date));
  return { count: query.data?.length ?? 0, isPending: query.isPending };
}
