import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { hasRole, MESSAGES, PAYMENT_MESSAGES } from '@wellbank/domain';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useSubscriptionTiers } from '../api/subscriptions';
import { DuplicateNotices } from '../components/duplicate-notices';
import { PaidSubscription } from '../components/paid-subscription';
import { PaymentReturn } from '../components/payment-return';
import { SubscriptionForm } from '../components/subscription-form';

const TITLE = msg`School subscription`;
const PAGE = '/subscription-payments';

/** SPEC.md §9 Payments: the coordinator pays the school's one-time subscription. */
export function SubscriptionPaymentsPage() {
  const { i18n } = useLingui();
  const session = useSession();
  const [params] = useSearchParams();
  const sessionId = params.get('success') === 'true' ? params.get('session_id') : null;
  if (!session) return null;

  if (sessionId) {
    return (
      <PaymentReturn
        title={i18n._(TITLE)}
        report={{
          path: `/schools/${session.school.id}/payments`,
          sessionId,
          userId: session.id,
        }}
        successMessage={i18n._(MESSAGES.paymentSuccessful)}
        backTo={PAGE}
      />
    );
  }

  return (
    <Card className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{i18n._(TITLE)}</h1>
      {!session.needs_subscription_payment ? (
        <Settled schoolId={hasRole(session, 'admin') ? session.school.id : null} />
      ) : hasRole(session, 'admin') ? (
        <PayForm schoolId={session.school.id} canceled={params.has('canceled')} />
      ) : (
        <StatusMessage tone="info">{i18n._(PAYMENT_MESSAGES.subscriptionNotActive)}</StatusMessage>
      )}
    </Card>
  );
}

function PayForm({ schoolId, canceled }: { schoolId: number; canceled: boolean }) {
  const { t } = useLingui();
  const tiers = useSubscriptionTiers();
  return (
    <>
      <p className="text-slate-700">
        <Trans>
          Wellbank is a one-time subscription for your school, priced by its number of students.
          Once it is paid, everyone at your school can start logging.
        </Trans>
      </p>
      {tiers.isPending && <Spinner label={t`Loading subscription tiers...`} />}
      {tiers.isError && <ErrorBox messages={[errorText(tiers.error)]} />}
      {tiers.data && (
        <SubscriptionForm
          schoolId={schoolId}
          tiers={tiers.data.subscriptions}
          quoteContactEmail={tiers.data.quote_contact_email}
          canceled={canceled}
        />
      )}
    </>
  );
}

/** `schoolId` of an admin's school: they are also told of duplicate payments to refund. */
function Settled({ schoolId }: { schoolId: number | null }) {
  return (
    <>
      <StatusMessage>
        <Trans>Your school's subscription is active.</Trans>
      </StatusMessage>
      {schoolId !== null && <PaidSubscription schoolId={schoolId} />}
      {schoolId !== null && <DuplicateNotices schoolId={schoolId} />}
      <Link to="/dashboard" className={buttonClasses('primary')}>
        <Trans>Go to the dashboard</Trans>
      </Link>
    </>
  );
}
