import { useMutation, useQuery } from '@tanstack/react-query';
import { MESSAGES, type PublicTeam } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';
import { publicTeamQueryOptions } from '@/lib/platform/shell-queries';

/** GET /teams?email= (public, no auth header). A list answer is read as its first team. */
export async function findTeamByCaptainEmail(email: string): Promise<PublicTeam> {
  const body = await api.get<PublicTeam | PublicTeam[]>(
    `/teams?email=${encodeURIComponent(email)}`,
  );
  const team = Array.isArray(body) ? body[0] : body;
  if (!team) throw new Error(MESSAGES.teamNotFound);
  return team;
}

export function useFindTeam() {
  return useMutation({ mutationFn: findTeamByCaptainEmail });
}

export function useTeam(id: string, enabled: boolean) {
  return useQuery({ ...publicTeamQueryOptions(id), enabled });
}
