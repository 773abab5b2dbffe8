import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_STUDENTS, type SubscriptionTier, tierFor, upgradeCharge } from '@wellbank/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useStartSubscriptionCheckout } from '../api/subscriptions';
import { ChargeSummary } from './charge-summary';
import { useTierLabel } from './tier-label';

/**
 * Moving a paid school to a larger tier (docs/rules.md, Upgrades): the number of students, the
 * tier it falls in and the difference to pay, then the same checkout as the first payment.
 */
export function UpgradeForm({ schoolId, paid }: { schoolId: number; paid: SubscriptionTier }) {
  const { t } = useLingui();
  const { formatCount } = useFormats();
  const tierLabel = useTierLabel();
  const checkout = useStartSubscriptionCheckout();
  const [asked, setAsked] = useState('');
  const count = Number(asked);
  const tier = Number.isInteger(count) ? tierFor(count) : undefined;
  const upgrade = tier && tier.max_students > paid.max_students ? tier : undefined;
  const cap = formatCount(paid.max_students);
  const most = formatCount(MAX_STUDENTS);
  const tierText = upgrade && tierLabel(upgrade);
  return (
    <form
      noValidate
      className="flex flex-col gap-4 rounded-xl border-2 border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (upgrade) checkout.mutate({ school_id: schoolId, num_students: count });
      }}
    >
      <h2 className="text-xl font-bold">
        <Trans>Upgrade</Trans>
      </h2>
      <p className="text-slate-700">
        <Trans>
          More students than {cap}? Move to a larger tier and pay only the difference from what you
          paid.
        </Trans>
      </p>
      <TextField
        label={t`Number of students`}
        type="number"
        inputMode="numeric"
        min={paid.max_students + 1}
        max={MAX_STUDENTS}
        step={1}
        hint={t`More than ${cap}, up to ${most}.`}
        value={asked}
        onChange={(event) => {
          setAsked(event.target.value);
          checkout.reset();
        }}
      />
      {upgrade && (
        <ChargeSummary label={t`Upgrade to ${tierText}`} charge={upgradeCharge(paid, upgrade)} />
      )}
      {checkout.isError && <ErrorBox messages={[errorText(checkout.error)]} />}
      <Button
        type="submit"
        className="sm:self-start"
        disabled={!upgrade || checkout.isPending || checkout.isSuccess}
      >
        {checkout.isPending || checkout.isSuccess ? (
          <Trans>Opening checkout...</Trans>
        ) : (
          <Trans>Pay the difference</Trans>
        )}
      </Button>
    </form>
  );
}
