import { useMutation, useQuery } from '@tanstack/react-query';
import { MESSAGES, type SchoolLookup } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/** GET /schools?code= (public). A list answer is read as its first school. */
export async function findSchoolByCode(code: string): Promise<SchoolLookup> {
  const body = await api.get<SchoolLookup | SchoolLookup[]>(
    `/schools?code=${encodeURIComponent(code)}`,
  );
  const school = Array.isArray(body) ? body[0] : body;
  if (!school) throw new Error(MESSAGES.schoolNotFound);
  return school;
}

export function useFindSchool() {
  return useMutation({ mutationFn: findSchoolByCode });
}

/**
 * The school the join page's code names (GET /schools?code=), with whether its subscription is
 * paid; a code of another school than the page's id is "not found".
 */
export function useSchoolByCode(id: string, code: string | null) {
  return useQuery({
    queryKey: ['schools', 'public', id, 'code', code],
    queryFn: async () => {
      const school = await findSchoolByCode(code ?? '');
      if (String(school.id) !== id) throw new Error(MESSAGES.schoolNotFound);
      return school;
    },
    enabled: code !== null,
  });
}
