import { useQuery } from '@tanstack/react-query';
import type { StreakView } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/**
 * The child's streak, rest days held and this week's marks (decision 0082). Not under 'users':
 * the offline cache keeps that root, and a week kept overnight would mark the wrong day as
 * today. Fetched afresh on each visit, so a day completed a moment ago counts at once.
 */
export function useStreak(userId: number) {
  return useQuery({
    queryKey: ['streak', userId],
    queryFn: ({ signal }) => api.get<StreakView>(`/users/${userId}/streak`, { auth: true, signal }),
    staleTime: 0,
    enabled: userId > 0,
  });
}
