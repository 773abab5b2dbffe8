import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SchoolInsights, schoolInsightsPath } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

export const insightsQueryOptions = (schoolId: number) =>
  queryOptions({
    queryKey: ['schools', schoolId, 'insights'],
    queryFn: ({ signal }) =>
      api.get<SchoolInsights>(schoolInsightsPath(schoolId), { auth: true, signal }),
  });

export function useSchoolInsights(schoolId: number) {
  return useQuery(insightsQueryOptions(schoolId));
}
