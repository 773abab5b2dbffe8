import { useQuery } from '@tanstack/react-query';
import {
  mySchoolQueryOptions,
  myTeamQueryOptions,
  publicTeamQueryOptions,
} from '@/lib/platform/shell-queries';

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
