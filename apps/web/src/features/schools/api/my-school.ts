import { useQuery } from '@tanstack/react-query';
import { mySchoolQueryOptions } from '@/lib/platform/shell-queries';

/** GET /schools/me: its `code` is the join code, answered to staff and admins (decision 0061). */
export function useMySchool() {
  return useQuery(mySchoolQueryOptions());
}
