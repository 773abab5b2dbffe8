import {
  DEFAULT_NUM_STUDENTS,
  MAX_STUDENTS,
  MESSAGES,
  PAYMENT_MESSAGES,
  type SubscriptionTier,
  subscriptionCharge,
  tierLabel,
} from '@wellbank/domain';
import { useForm } from 'react-hook-form';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { lazyResolver, preloadResolvers } from '@/lib/lazy-resolver';
import { useStartSubscriptionCheckout } from '../api/subscriptions';
import { ChargeSummary } from './charge-summary';
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

/** SPEC.md §9: the tier the student count falls in, its amount, the fee, the total, and Pay. */
export function SubscriptionForm({
  schoolId,
  tiers,
  quoteContactEmail,
  canceled,
}: SubscriptionFormProps) {
  const checkout = useStartSubscriptionCheckout();
  const form = useForm<FormValues>({
    resolver: lazyResolver('subscription'),
    mode: 'onChange',
    defaultValues: { num_students: DEFAULT_NUM_STUDENTS },
  });
  const numStudents = form.watch('num_students');
  const error = form.formState.errors.num_students?.message;
  const tier = error
    ? undefined
    : tiers.find((t) => numStudents >= t.min_students && numStudents <= t.max_students);

  return (
    <form
      noValidate
      onFocus={preloadResolvers}
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ num_students }) =>
        checkout.mutate({ school_id: schoolId, num_students }),
      )}
    >
      {canceled && <StatusMessage tone="info">{MESSAGES.paymentCanceled}</StatusMessage>}
      <TierTable tiers={tiers} current={tier} />
      <TextField
        label="Number of students"
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
        <ChargeSummary
          label={`Subscription (${tierLabel(tier)})`}
          charge={subscriptionCharge(tier)}
        />
      )}
      {checkout.isError && <ErrorBox messages={[errorText(checkout.error)]} />}
      <Button type="submit" disabled={!tier || checkout.isPending || checkout.isSuccess}>
        {checkout.isPending || checkout.isSuccess ? 'Opening checkout...' : 'Pay'}
      </Button>
    </form>
  );
}

/** More students than the last tier: a real way to ask for a quote (issue #16 §7). */
function QuoteRequest({ email, numStudents }: { email: string; numStudents: number }) {
  const subject = `Wellbank quote for ${numStudents.toLocaleString('en-US')} students`;
  return (
    <div className="flex flex-col gap-3 rounded-xl border-2 border-sky-200 bg-sky-50 p-3 text-sky-950">
      <p>{PAYMENT_MESSAGES.quoteRequest(email)}</p>
      <a
        href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}
        className={buttonClasses('secondary', 'self-start')}
      >
        Ask for a quote by e-mail
      </a>
    </div>
  );
}
