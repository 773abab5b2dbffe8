import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonalBadge, PersonalBadges } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

function personalBadgesQueryOptions(userId: number) {
  return queryOptions({
    // Not under 'users': the offline cache keeps that root, and a restored copy would celebrate
    // again a badge celebrated a moment before the page was left.
    queryKey: ['personal-badges', userId],
    queryFn: () => api.get<PersonalBadges>(`/users/${userId}/personal-badges`, { auth: true }),
  });
}

/** The person's own badges (decision 0078), as the profile and the celebration show them. */
export function usePersonalBadges(userId: number) {
  return useQuery(personalBadgesQueryOptions(userId));
}

/** The celebration was shown: it is not shown again here or on another device. */
export function useMarkCelebrated(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (badge: PersonalBadge) =>
      api.post<null>(`/users/${userId}/personal-badges/${badge}/celebration`, undefined, {
        auth: true,
      }),
    onSuccess: (_, badge) => {
      queryClient.setQueryData(
        personalBadgesQueryOptions(userId).queryKey,
        (current) =>
          current && {
            badges: current.badges.map((earned) =>
              earned.badge === badge ? { ...earned, celebrated: true } : earned,
            ),
          },
      );
    },
  });
}
