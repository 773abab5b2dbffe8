import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailyBalance, WeeklySnapshot } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

export const CHART_DAYS = 14;

export const weeklySnapshotQueryOptions = () =>
  queryOptions({
    queryKey: ['snapshots', 'weekly'],
    queryFn: ({ signal }) => api.get<WeeklySnapshot>('/snapshots/weekly', { auth: true, signal }),
  });

export const dailyBalancesQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['snapshots', 'daily', days],
    queryFn: ({ signal }) =>
      api.get<DailyBalance[]>(`/snapshots/daily?days=${days}`, { auth: true, signal }),
  });

export function useWeeklySnapshot() {
  return useQuery(weeklySnapshotQueryOptions());
}

export function useDailyBalances(days = CHART_DAYS) {
  return useQuery(dailyBalancesQueryOptions(days));
}
