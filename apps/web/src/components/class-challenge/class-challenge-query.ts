import { useQuery } from '@tanstack/react-query';
import type { MyClassChallenges } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/**
 * The running challenges of the child's own homeroom and grade (decision 0084): the goal and the
 * class total. Fetched afresh on each visit, so the meter moves as the class logs.
 */
export function useMyClassChallenges(userId: number) {
  return useQuery({
    queryKey: ['class-challenges', userId],
    queryFn: ({ signal }) =>
      api.get<MyClassChallenges>(`/users/${userId}/class-challenges`, { auth: true, signal }),
    staleTime: 0,
    enabled: userId > 0,
  });
}
