import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { MESSAGES, type PublicSchool } from '@wellbank/domain';
import { api } from '@/lib/api-client';

/** GET /schools?code= (public). A list answer is read as its first school. */
export async function findSchoolByCode(code: string): Promise<PublicSchool> {
  const body = await api.get<PublicSchool | PublicSchool[]>(
    `/schools?code=${encodeURIComponent(code)}`,
  );
  const school = Array.isArray(body) ? body[0] : body;
  if (!school) throw new Error(MESSAGES.schoolNotFound);
  return school;
}

export function useFindSchool() {
  return useMutation({ mutationFn: findSchoolByCode });
}

export const schoolQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['schools', 'public', id],
    queryFn: ({ signal }) =>
      api.get<PublicSchool>(`/schools/${encodeURIComponent(id)}`, { signal }),
  });

export function useSchool(id: string, enabled: boolean) {
  return useQuery({ ...schoolQueryOptions(id), enabled });
}
