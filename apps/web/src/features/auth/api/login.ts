import type { LoginInput, SessionRecord } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/** POST /authentication/authenticate; its 401 means a wrong password, shown on the form. */
export function login(input: LoginInput): Promise<SessionRecord> {
  return api.post<SessionRecord>('/authentication/authenticate', input, {
    keepSessionOn401: true,
  });
}
