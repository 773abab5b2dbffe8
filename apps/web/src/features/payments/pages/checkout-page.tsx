import { dollarsToCents, formatCents, PAYMENT_MESSAGES } from '@wellbank/domain';
import { FlaskConical } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useLocalCheckout, usePayLocalCheckout } from '../api/local-checkout';

/**
 * DESIGN.md §1.6: the built-in stand-in for a hosted card checkout, used when no Stripe key is
 * set. It says plainly that it is a test and charges nothing.
 */
export function CheckoutPage() {
  const { id = '' } = useParams();
  const checkout = useLocalCheckout(id);
  const pay = usePayLocalCheckout();
  const busy = pay.isPending || pay.isSuccess;
  const expired = checkout.data?.status === 'expired';

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-4 px-4 pt-6 pb-10">
      <div
        role="note"
        className="flex items-start gap-3 rounded-2xl border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-amber-950"
      >
        <FlaskConical aria-hidden className="mt-0.5 size-6 shrink-0" />
        <div>
          <p className="font-extrabold tracking-wide uppercase">Test checkout</p>
          <p>This is Wellbank's built-in test checkout. No card is charged and no money moves.</p>
        </div>
      </div>
      <main>
        <Card className="flex flex-col gap-4">
          <h1 className="text-2xl font-bold">Test checkout</h1>
          {checkout.isPending && <Spinner label="Loading checkout..." />}
          {checkout.isError && <ErrorBox messages={[errorText(checkout.error)]} />}
          {checkout.data && (
            <>
              <dl className="divide-y divide-slate-200 rounded-xl bg-slate-50 px-4">
                <div className="flex justify-between gap-4 py-2.5">
                  <dt className="text-slate-700">Item</dt>
                  <dd className="text-right font-semibold">{checkout.data.description}</dd>
                </div>
                <div className="flex justify-between gap-4 py-3 text-lg font-bold">
                  <dt>Total due</dt>
                  <dd className="tabular-nums">
                    {formatCents(dollarsToCents(checkout.data.amount))}
                  </dd>
                </div>
              </dl>
              {checkout.data.status === 'paid' && (
                <p className="text-slate-700">This test payment is already made.</p>
              )}
              {expired && <ErrorBox messages={[PAYMENT_MESSAGES.checkoutExpired]} />}
              {pay.isError && <ErrorBox messages={[errorText(pay.error)]} />}
              <div className="grid grid-cols-2 gap-3">
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => window.location.assign(checkout.data.cancel_url)}
                >
                  Cancel
                </Button>
                <Button disabled={busy || expired} onClick={() => pay.mutate(checkout.data.id)}>
                  {busy ? 'Paying...' : 'Pay'}
                </Button>
              </div>
            </>
          )}
        </Card>
      </main>
    </div>
  );
}
