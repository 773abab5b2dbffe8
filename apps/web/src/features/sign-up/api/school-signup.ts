import { useMutation } from '@tanstack/react-query';
import type { SchoolSignupRequest, SessionRecord } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';
import { sessionFrom, setSession } from '@/lib/platform/session';

/** POST /signup answers `{user: session}` (DESIGN.md §2). */
export async function signUpSchool(body: SchoolSignupRequest): Promise<SessionRecord> {
  return sessionFrom(await api.post<{ user: SessionRecord }>('/signup', body));
}

export function useSchoolSignup() {
  return useMutation({ mutationFn: signUpSchool, onSuccess: setSession });
}
