import { useMutation } from '@tanstack/react-query';
import type { FamilyLetterPage } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/**
 * POST /schools/{id}/family-letters: a new family code for every child of the homeroom, to print
 * now: only then do the codes exist (decision 0075).
 */
export function useMakeFamilyLetters(schoolId: number) {
  return useMutation({
    mutationFn: (homeroom: string) =>
      api.post<FamilyLetterPage[]>(
        `/schools/${schoolId}/family-letters`,
        { homeroom },
        { auth: true },
      ),
  });
}
