import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySchool } from '@wellbank/domain';
import { api } from '@/lib/api-client';
import { myTeamQueryOptions, publicTeamQueryOptions } from '@/lib/shell-queries';

/** GET /schools/me: "{n} influenced by our school"; only the sidebar reads it. */
const mySchoolQueryOptions = () =>
  queryOptions({
    queryKey: ['schools', 'me'],
    queryFn: ({ signal }) => api.get<MySchool>('/schools/me', { auth: true, signal }),
  });

/* The counters are extras: a failed read hides its line (sidebar-header.tsx). */

export function useMySchool(enabled: boolean) {
  return useQuery({ ...mySchoolQueryOptions(), enabled });
}

export function useMyTeam(enabled: boolean) {
  return useQuery({ ...myTeamQueryOptions(), enabled });
}

/** A community member's team, by the id in the session. */
export function useTeamById(id: number | null | undefined, enabled: boolean) {
  return useQuery({ ...publicTeamQueryOptions(id ?? 0), enabled: enabled && id != null });
}
