import type { SignInTicketResult } from '@wellbank/domain';
import { useEffect, useState } from 'react';
import { errorText } from '@/lib/platform/api-client';
import { redeemTicket } from './district-ticket';

export type TicketOutcome =
  | { status: 'pending' }
  | { status: 'found'; result: SignInTicketResult }
  | { status: 'refused'; error: string };

/** What POST /sign-in/oidc/ticket answers for `ticket`; nothing is asked without one. */
export function useTicketOutcome(ticket: string | null): TicketOutcome {
  const [outcome, setOutcome] = useState<TicketOutcome>({ status: 'pending' });
  useEffect(() => {
    if (!ticket) return;
    let current = true;
    redeemTicket(ticket).then(
      (result) => current && setOutcome({ status: 'found', result }),
      (error: unknown) => current && setOutcome({ status: 'refused', error: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [ticket]);
  return outcome;
}
