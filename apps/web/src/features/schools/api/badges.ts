import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BadgeHolder, BadgeSheetRequest, IssuedBadge, PrintedBadge } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/** GET /schools/{id}/homerooms: what the Badges page offers to pick from. */
export function useHomerooms(schoolId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['schools', schoolId, 'homerooms'],
      queryFn: ({ signal }) =>
        api.get<string[]>(`/schools/${schoolId}/homerooms`, { auth: true, signal }),
    }),
  );
}

const holdersQueryOptions = (schoolId: number, homeroom: string) =>
  queryOptions({
    queryKey: ['schools', schoolId, 'badges', homeroom],
    queryFn: ({ signal }) =>
      api.get<BadgeHolder[]>(`/schools/${schoolId}/badges?${new URLSearchParams({ homeroom })}`, {
        auth: true,
        signal,
      }),
    enabled: homeroom !== '',
  });

/** GET /schools/{id}/badges?homeroom=: the homeroom's children and their live badge's date. */
export function useBadgeHolders(schoolId: number, homeroom: string) {
  return useQuery(holdersQueryOptions(schoolId, homeroom));
}

/**
 * POST /schools/{id}/badges: the sheet to print, made now (only then do the links exist); the
 * list is read again for its dates.
 */
export function useIssueBadgeSheet(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BadgeSheetRequest) =>
      api.post<PrintedBadge[]>(`/schools/${schoolId}/badges`, body, { auth: true }),
    onSettled: (_sheet, _error, body) =>
      queryClient.invalidateQueries(holdersQueryOptions(schoolId, body.homeroom)),
  });
}

/** POST /users/{id}/badge: one child's new badge; the one printed before stops working. */
export function useReissueBadge(schoolId: number, homeroom: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (holder: BadgeHolder) =>
      api.post<IssuedBadge>(`/users/${holder.id}/badge`, undefined, { auth: true }),
    onSettled: () => queryClient.invalidateQueries(holdersQueryOptions(schoolId, homeroom)),
  });
}
