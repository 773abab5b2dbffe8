import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchoolHolidays } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/** The school's days without school from today on, in order (decision 0082). */
export const holidaysQueryOptions = (schoolId: number) =>
  queryOptions({
    queryKey: ['schools', schoolId, 'holidays'],
    queryFn: async ({ signal }) =>
      (await api.get<SchoolHolidays>(`/schools/${schoolId}/holidays`, { auth: true, signal }))
        .holidays,
  });

export function useHolidays(schoolId: number) {
  return useQuery(holidaysQueryOptions(schoolId));
}

/**
 * PUT or DELETE /schools/{id}/holidays/{date} (coordinators): a weekday after today, at most a
 * year ahead, else 422 with the reason. This week's streak marks may show the day off, so the
 * streak is read again too.
 */
export function useChangeHoliday(schoolId: number, change: 'add' | 'remove') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => {
      const path = `/schools/${schoolId}/holidays/${date}`;
      return change === 'add'
        ? api.put<null>(path, undefined, { auth: true })
        : api.delete<null>(path, { auth: true });
    },
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: ['streak'] });
      await queryClient.invalidateQueries(holidaysQueryOptions(schoolId));
    },
  });
}
