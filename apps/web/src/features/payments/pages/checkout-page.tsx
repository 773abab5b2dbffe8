import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { dollarsToCents, type LocalCheckout, PAYMENT_MESSAGES } from '@wellbank/domain';
import { FlaskConical } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useLocalCheckout, usePayLocalCheckout } from '../api/local-checkout';

/**
 * DESIGN.md §1.6: the built-in stand-in for a hosted card checkout, used when no Stripe key is
 * set. It says plainly that it is a test and charges nothing.
 */
export function CheckoutPage() {
  const { id = '' } = useParams();
  const { t } = useLingui();
  const checkout = useLocalCheckout(id);

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-4 px-4 pt-6 pb-10">
      <div
        role="note"
        className="flex items-start gap-3 rounded-2xl border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-amber-950"
      >
        <FlaskConical aria-hidden className="mt-0.5 size-6 shrink-0" />
        <div>
          <p className="font-extrabold tracking-wide uppercase">
            <Trans>Test checkout</Trans>
          </p>
          <p>
            <Trans>
              This is Wellbank's built-in test checkout. No card is charged and no money moves.
            </Trans>
          </p>
        </div>
      </div>
      <main>
        <Card className="flex flex-col gap-4">
          <h1 className="text-2xl font-bold">
            <Trans>Test checkout</Trans>
          </h1>
          {checkout.isPending && <Spinner label={t`Loading checkout...`} />}
          {checkout.isError && <ErrorBox messages={[errorText(checkout.error)]} />}
          {checkout.data && <CheckoutDetails checkout={checkout.data} />}
        </Card>
      </main>
    </div>
  );
}

function CheckoutDetails({ checkout }: { checkout: LocalCheckout }) {
  const { formatCents } = useFormats();
  const students = checkout.num_students;
  return (
    <>
      <dl className="divide-y divide-slate-200 rounded-xl bg-slate-50 px-4">
        <div className="flex justify-between gap-4 py-2.5">
          <dt className="text-slate-700">
            <Trans>Item</Trans>
          </dt>
          <dd className="text-right font-semibold">
            {students === null ? (
              <Trans>Team donation</Trans>
            ) : (
              <Plural
                value={students}
                one="School subscription for # student"
                other="School subscription for # students"
              />
            )}
          </dd>
        </div>
        <div className="flex justify-between gap-4 py-3 text-lg font-bold">
          <dt>{checkout.status === 'paid' ? <Trans>Paid</Trans> : <Trans>Total due</Trans>}</dt>
          <dd className="tabular-nums">{formatCents(dollarsToCents(checkout.amount))}</dd>
        </div>
      </dl>
      {checkout.status === 'paid' ? <PaidCheckout /> : <OpenCheckout checkout={checkout} />}
    </>
  );
}

/**
 * A paid checkout opened again (the back button, a second tab, a saved link) offers nothing to
 * pay or cancel: it says the payment is done and leads into the app, where the school or the
 * team is already open.
 */
function PaidCheckout() {
  return (
    <>
      <StatusMessage>
        <Trans>This payment is complete. There is nothing more to pay.</Trans>
      </StatusMessage>
      <Link to="/dashboard" className={buttonClasses('primary')}>
        <Trans>Go to the dashboard</Trans>
      </Link>
    </>
  );
}

function OpenCheckout({ checkout }: { checkout: LocalCheckout }) {
  const { i18n } = useLingui();
  const pay = usePayLocalCheckout();
  const busy = pay.isPending || pay.isSuccess;
  const expired = checkout.status === 'expired';
  return (
    <>
      {expired && <ErrorBox messages={[i18n._(PAYMENT_MESSAGES.checkoutExpired)]} />}
      {pay.isError && <ErrorBox messages={[errorText(pay.error)]} />}
      <div className="grid grid-cols-2 gap-3">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => window.location.assign(checkout.cancel_url)}
        >
          <Trans>Cancel</Trans>
        </Button>
        <Button disabled={busy || expired} onClick={() => pay.mutate(checkout.id)}>
          {busy ? <Trans>Paying...</Trans> : <Trans>Pay</Trans>}
        </Button>
      </div>
    </>
  );
}
