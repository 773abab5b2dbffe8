import { Trans, useLingui } from '@lingui/react/macro';
import {
  DEFAULT_NUM_STUDENTS,
  MAX_STUDENTS,
  MESSAGES,
  type SubscriptionTier,
  subscriptionCharge,
} from '@wellbank/domain';
import { useForm } from 'react-hook-form';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { useStartSubscriptionCheckout } from '../api/subscriptions';
import { ChargeSummary } from './charge-summary';
import { useTierLabel } from './tier-label';
import { TierTable } from './tier-table';

interface FormValues {
  num_students: number;
}

interface SubscriptionFormProps {
  schoolId: number;
  tiers: readonly SubscriptionTier[];
  /** Where a school above the last tier asks for a quote (QUOTE_CONTACT_EMAIL). */
  quoteContactEmail: string;
  canceled: boolean;
}

/**
 * The number a coordinator asked to pay for, kept for the tab's lifetime so that a cancelled
 * checkout comes back to it rather than to the default (issue 35 §5).
 */
const askedKey = (schoolId: number) => `wellbank:subscription-students:${schoolId}`;

function askedNumber(schoolId: number): number | undefined {
  try {
    const asked = Number(sessionStorage.getItem(askedKey(schoolId)));
    return Number.isInteger(asked) && asked > 0 ? asked : undefined;
  } catch {
    return undefined;
  }
}

function rememberAsked(schoolId: number, count: number): void {
  try {
    sessionStorage.setItem(askedKey(schoolId), String(count));
  } catch {
    // Storage refused (private mode): a cancelled checkout shows the default again.
  }
}

/** SPEC.md §9: the tier the student count falls in, its amount, the fee, the total, and Pay. */
export function SubscriptionForm({
  schoolId,
  tiers,
  quoteContactEmail,
  canceled,
}: SubscriptionFormProps) {
  const { i18n, t } = useLingui();
  const tierLabel = useTierLabel();
  const checkout = useStartSubscriptionCheckout();
  const form = useForm<FormValues>({
    resolver: lazyResolver('subscription'),
    mode: 'onChange',
    defaultValues: {
      num_students: (canceled && askedNumber(schoolId)) || DEFAULT_NUM_STUDENTS,
    },
  });
  const numStudents = form.watch('num_students');
  const error = form.formState.errors.num_students?.message;
  const tier = error
    ? undefined
    : tiers.find((t) => numStudents >= t.min_students && numStudents <= t.max_students);

  const tierText = tier && tierLabel(tier);

  return (
    <form
      noValidate
      onFocus={preloadResolvers}
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ num_students }) => {
        rememberAsked(schoolId, num_students);
        checkout.mutate({ school_id: schoolId, num_students });
      })}
    >
      {canceled && <StatusMessage tone="info">{i18n._(MESSAGES.paymentCanceled)}</StatusMessage>}
      <TierTable tiers={tiers} current={tier} />
      <TextField
        label={t`Number of students`}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        error={error}
        {...form.register('num_students', {
          valueAsNumber: true,
          onChange: () => checkout.reset(),
        })}
      />
      {numStudents > MAX_STUDENTS && (
        <QuoteRequest email={quoteContactEmail} numStudents={numStudents} />
      )}
      {tier && (
        <ChargeSummary label={t`Subscription (${tierText})`} charge={subscriptionCharge(tier)} />
      )}
      {checkout.isError && <ErrorBox messages={[errorText(checkout.error)]} />}
      <Button type="submit" disabled={!tier || checkout.isPending || checkout.isSuccess}>
        {checkout.isPending || checkout.isSuccess ? (
          <Trans>Opening checkout...</Trans>
        ) : (
          <Trans>Pay</Trans>
        )}
      </Button>
    </form>
  );
}

/** More students than the last tier: a real way to ask for a quote (issue #16 §7). */
function QuoteRequest({ email, numStudents }: { email: string; numStudents: number }) {
  const { formatCount } = useFormats();
  const { t } = useLingui();
  const students = formatCount(numStudents);
  const most = formatCount(MAX_STUDENTS);
  const subject = t`Wellbank quote for ${students} students`;
  return (
    <div className="flex flex-col gap-3 rounded-xl border-2 border-sky-200 bg-sky-50 p-3 text-sky-950">
      <p>
        <Trans>
          Schools with more than {most} students: please write to {email} for a quote.
        </Trans>
      </p>
      <a
        href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}
        className={buttonClasses('secondary', 'self-start')}
      >
        <Trans>Ask for a quote by e-mail</Trans>
      </a>
    </div>
  );
}
