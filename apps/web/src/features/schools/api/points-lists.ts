import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PointsListEntry } from '@wellbank/domain';
import { api } from '@/lib/api-client';

export type PointsListKind = 'staff' | 'students';

export const pointsListQueryOptions = (schoolId: number, kind: PointsListKind) =>
  queryOptions({
    queryKey: ['schools', schoolId, 'points', kind],
    queryFn: ({ signal }) =>
      api.get<PointsListEntry[]>(`/schools/${schoolId}/${kind}`, { auth: true, signal }),
  });

export function usePointsList(schoolId: number, kind: PointsListKind) {
  return useQuery(pointsListQueryOptions(schoolId, kind));
}
