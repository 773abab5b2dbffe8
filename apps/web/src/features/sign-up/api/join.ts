import { useMutation } from '@tanstack/react-query';
import type { SessionRecord } from '@wellbank/domain';
import type { UserBody } from '@/components/forms/user-form';
import { api } from '@/lib/platform/api-client';
import { sessionFrom, setSession } from '@/lib/platform/session';

type SessionBody = SessionRecord | { user: SessionRecord };

/** POST /schools/{id}/users: a student joins with the school code they were given. */
export async function joinSchool(input: { schoolId: string; code: string; user: UserBody }) {
  const path = `/schools/${encodeURIComponent(input.schoolId)}/users`;
  return sessionFrom(await api.post<SessionBody>(path, { user: input.user, code: input.code }));
}

/** POST /teams/{id}/signup: a family or community member joins with the captain's e-mail. */
export async function joinTeam(input: { teamId: string; captainEmail: string; user: UserBody }) {
  const path = `/teams/${encodeURIComponent(input.teamId)}/signup`;
  const body = { user: input.user, captain_email: input.captainEmail };
  return sessionFrom(await api.post<SessionBody>(path, body));
}

export function useJoinSchool() {
  return useMutation({ mutationFn: joinSchool, onSuccess: setSession });
}

export function useJoinTeam() {
  return useMutation({ mutationFn: joinTeam, onSuccess: setSession });
}
