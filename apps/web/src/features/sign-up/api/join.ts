import { useMutation } from '@tanstack/react-query';
import type { SessionRecord } from '@wellbank/domain';
import type { UserBody } from '@/components/forms/user-form';
import { api } from '@/lib/api-client';
import { sessionFrom, setSession } from '@/lib/session';

type SessionBody = SessionRecord | { user: SessionRecord };

/** POST /schools/{id}/users: a student joins by school code. */
export async function joinSchool(input: { schoolId: string; user: UserBody }) {
  const path = `/schools/${encodeURIComponent(input.schoolId)}/users`;
  return sessionFrom(await api.post<SessionBody>(path, { user: input.user }));
}

/** POST /teams/{id}/signup: a family or community member joins a captain's team. */
export async function joinTeam(input: { teamId: string; user: UserBody }) {
  const path = `/teams/${encodeURIComponent(input.teamId)}/signup`;
  return sessionFrom(await api.post<SessionBody>(path, { user: input.user }));
}

export function useJoinSchool() {
  return useMutation({ mutationFn: joinSchool, onSuccess: setSession });
}

export function useJoinTeam() {
  return useMutation({ mutationFn: joinTeam, onSuccess: setSession });
}
