import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { YearEndRolloverInput, YearEndRolloverResult } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

const rolloverUrl = (schoolId: number, dryRun: boolean) =>
  `/schools/${schoolId}/year-end-rollovers${dryRun ? '?dry_run=true' : ''}`;

/** The dry run (decision 0069): what the rollover will do, nothing written. */
export function useRolloverReview(schoolId: number) {
  return useMutation({
    mutationFn: (body: YearEndRolloverInput) =>
      api.post<YearEndRolloverResult>(rolloverUrl(schoolId, true), body, { auth: true }),
  });
}

/** The rollover itself: grades, intervals, teams and points all change, so every cache is stale. */
export function useRunRollover(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: YearEndRolloverInput) =>
      api.post<YearEndRolloverResult>(rolloverUrl(schoolId, false), body, { auth: true }),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
