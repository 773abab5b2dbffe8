import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DONATION_CHARGE, hasRole, MESSAGES } from '@wellbank/domain';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useStartDonationCheckout } from '../api/donations';
import { ChargeSummary } from '../components/charge-summary';
import { PaymentReturn } from '../components/payment-return';

const TITLE = msg`Team donation`;
const PAGE = '/team-donations';

/** SPEC.md §9 Payments: a family or community member's one-time $2.50 donation plus fees. */
export function TeamDonationsPage() {
  const { i18n } = useLingui();
  const session = useSession();
  const [params] = useSearchParams();
  const sessionId = params.get('success') === 'true' ? params.get('session_id') : null;
  if (!session) return null;
  const teamId = session.team_id;

  if (sessionId && teamId !== null) {
    return (
      <PaymentReturn
        title={i18n._(TITLE)}
        report={{ path: `/teams/${teamId}/payments`, sessionId, userId: session.id }}
        successMessage={i18n._(MESSAGES.donationSuccessful)}
        backTo={PAGE}
      />
    );
  }

  const canDonate = hasRole(session, 'community_member') && teamId !== null;
  return (
    <Card className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{i18n._(TITLE)}</h1>
      {!canDonate ? (
        <StatusMessage tone="info">
          <Trans>Team donations are made by family and community members.</Trans>
        </StatusMessage>
      ) : session.needs_team_payment ? (
        <DonationForm
          teamId={teamId}
          schoolName={session.school.name}
          canceled={params.has('canceled')}
        />
      ) : (
        <>
          <StatusMessage>
            <Trans>Thank you! Your team donation is complete.</Trans>
          </StatusMessage>
          <Link to="/dashboard" className={buttonClasses('primary')}>
            <Trans>Go to the dashboard</Trans>
          </Link>
        </>
      )}
    </Card>
  );
}

interface DonationFormProps {
  teamId: number;
  schoolName: string;
  canceled: boolean;
}

function DonationForm({ teamId, schoolName, canceled }: DonationFormProps) {
  const { formatCents } = useFormats();
  const { i18n, t } = useLingui();
  const checkout = useStartDonationCheckout();
  const busy = checkout.isPending || checkout.isSuccess;
  const donation = formatCents(DONATION_CHARGE.amountCents);
  return (
    <>
      {canceled && <StatusMessage tone="info">{i18n._(MESSAGES.donationCanceled)}</StatusMessage>}
      <p className="text-slate-700">
        <Trans>
          Joining a team comes with a one-time donation of {donation} to {schoolName}, plus the card
          processing fee, so the school receives the whole {donation}.
        </Trans>
      </p>
      <ChargeSummary label={t`Donation`} charge={DONATION_CHARGE} />
      {checkout.isError && <ErrorBox messages={[errorText(checkout.error)]} />}
      <Button disabled={busy} onClick={() => checkout.mutate(teamId)}>
        {busy ? <Trans>Opening checkout...</Trans> : <Trans>Pay</Trans>}
      </Button>
    </>
  );
}
