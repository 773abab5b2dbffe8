import type { SessionRecord } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/**
 * One POST per badge token, however often the page asks (React runs a page's effects twice in
 * development). A refusal (401 unknown, 410 replaced) is the page's to explain, so a 401 does not
 * take the visitor to the login page.
 */
const signIns = new Map<string, Promise<SessionRecord>>();

/** POST /sign-in/badge: the badge's child, signed in on this shared device (decision 0065). */
export function signInWithBadge(token: string): Promise<SessionRecord> {
  let signIn = signIns.get(token);
  if (!signIn) {
    signIn = api.post<SessionRecord>('/sign-in/badge', { token }, { keepSessionOn401: true });
    signIns.set(token, signIn);
  }
  return signIn;
}
