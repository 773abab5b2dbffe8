import type { SessionRecord, SignInTicketResult } from '@wellbank/domain';
import { api } from '@/lib/platform/api-client';

/*
 * A refused ticket (used, expired) is the page's to explain: `keepSessionOn401` keeps a 401 from
 * ending a session that is signed in (a link made from /profile).
 */

/**
 * One POST per ticket, however often the page asks: a ticket works once (an invitation's, once
 * more for its accept), and React runs a page's effects twice in development.
 */
const redemptions = new Map<string, Promise<SignInTicketResult>>();

/** POST /sign-in/oidc/ticket: what the sign-in at the provider found (decision 0050). */
export function redeemTicket(ticket: string): Promise<SignInTicketResult> {
  let redemption = redemptions.get(ticket);
  if (!redemption) {
    redemption = api.post<SignInTicketResult>(
      '/sign-in/oidc/ticket',
      { ticket },
      { keepSessionOn401: true },
    );
    redemptions.set(ticket, redemption);
  }
  return redemption;
}

/** POST /sign-in/oidc/ticket/accept: the invitation's privacy agreement; answers the session. */
export function acceptTicket(ticket: string): Promise<SessionRecord> {
  return api.post<SessionRecord>(
    '/sign-in/oidc/ticket/accept',
    {
      ticket,
      agree_to_policies: true,
    },
    { keepSessionOn401: true },
  );
}
