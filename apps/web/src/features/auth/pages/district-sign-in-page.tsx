import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { DISTRICT_SIGN_IN_ERROR_TEXTS } from '@wellbank/domain';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { domainText } from '@/i18n/domain-text';
import { DISTRICT_LINKED_STATE } from '@/lib/platform/district-linked';
import { setSession } from '@/lib/platform/session';
import { useTicketOutcome } from '../api/use-ticket-outcome';
import { DistrictInvitation } from '../components/district-invitation';
import { DistrictSignInEnded } from '../components/district-sign-in-ended';
import { readDistrictFragment } from '../district-fragment';

/**
 * /login/district: where the sign-in at the district's provider comes back to (decision 0050),
 * with `#ticket=…` (and the `?next=` it started from) or `#error={code}`. The fragment leaves the address at once, so the ticket is
 * in no history entry, bookmark or shared link; the ticket then says what the sign-in found.
 */
export function DistrictSignInPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [fragment] = useState(() => readDistrictFragment(window.location));
  const ticket = fragment.kind === 'ticket' ? fragment.ticket : null;
  const outcome = useTicketOutcome(ticket);

  useEffect(() => {
    if (!window.location.hash) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, []);

  const found = outcome.status === 'found' ? outcome.result : null;
  const next = fragment.kind === 'ticket' ? fragment.next : null;
  useEffect(() => {
    if (found?.kind === 'session' && next) {
      // As the password login does: store the session, then go where the sign-in started from.
      setSession(found.session);
      navigate(next, { replace: true });
    } else if (found?.kind === 'linked') {
      navigate('/profile', { replace: true, state: DISTRICT_LINKED_STATE });
    }
  }, [found, next, navigate]);

  if (fragment.kind === 'none') return <Navigate to="/login" replace />;
  const failure =
    fragment.kind === 'error'
      ? domainText(i18n, DISTRICT_SIGN_IN_ERROR_TEXTS[fragment.error])
      : outcome.status === 'refused' && outcome.error;
  if (failure) {
    return (
      <Card>
        <DistrictSignInEnded title={<Trans>You are not signed in</Trans>}>
          <ErrorBox messages={[failure]} />
        </DistrictSignInEnded>
      </Card>
    );
  }
  if (ticket && found?.kind === 'invitation') {
    return (
      <Card>
        <DistrictInvitation ticket={ticket} invitation={found.invitation} />
      </Card>
    );
  }
  if (found?.kind === 'unknown') return <UnknownAddress email={found.email} />;
  return <Spinner label={<Trans>Signing you in...</Trans>} />;
}

/** Nobody at any school has this address (no account, no open invitation): nothing was made. */
function UnknownAddress({ email }: { email: string }) {
  return (
    <Card>
      <DistrictSignInEnded title={<Trans>Your school has not added you yet</Trans>}>
        <p className="text-slate-700">
          <Trans>
            Ask your school to add <strong className="wrap-anywhere">{email}</strong> to Wellbank.
            Then sign in again with the same button.
          </Trans>
        </p>
      </DistrictSignInEnded>
    </Card>
  );
}
