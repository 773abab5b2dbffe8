import { Trans, useLingui } from '@lingui/react/macro';
import type { SemesterFormValues, SemesterInput } from '@wellbank/domain';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { TextField } from '@/components/ui/text-field';
import { useFormats } from '@/i18n/formats';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';

interface SemesterFormProps {
  pending: boolean;
  serverError?: string;
  clearServerError: () => void;
  onSave: (body: SemesterInput, done: () => void) => void;
  /** The interval being edited, as typed; an empty form creates one. */
  initial?: SemesterFormValues;
  onCancel?: () => void;
  /** Another form's button (the year-end rollover's "Review"), for an empty form. */
  submitLabel?: { idle: string; pending: string };
}

const EMPTY: SemesterFormValues = { start_date: '', end_date: '', points_needed: '' };

/**
 * Dates typed as the reader's language writes them (mm/dd/yyyy, dd/mm/aaaa: useFormats); with a field empty, Create does nothing and says nothing (SPEC.md
 * §5). Given `initial`, it edits that interval: Save and Cancel.
 */
export function SemesterForm({
  pending,
  serverError,
  clearServerError,
  onSave,
  initial,
  onCancel,
  submitLabel,
}: SemesterFormProps) {
  const { t } = useLingui();
  const { language, datePattern } = useFormats();
  const form = useForm<SemesterFormValues, unknown, SemesterInput | null>({
    resolver: lazyResolver('semester'),
    // Read by the resolver (lib/platform/form-resolvers.ts): dates in the reader's language.
    context: { language },
    defaultValues: initial ?? EMPTY,
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, clearServerError);
  const reset = useCallback(() => form.reset(EMPTY), [form]);
  const errors = form.formState.errors;

  // An incomplete form parses to null: nothing happens and nothing is said.
  const submit = form.handleSubmit((body) => {
    if (body) onSave(body, reset);
  });

  const buttonText = () => {
    if (initial) return pending ? t`Saving...` : t`Save`;
    if (submitLabel) return pending ? submitLabel.pending : submitLabel.idle;
    return pending ? t`Creating...` : t`Create`;
  };

  return (
    <form noValidate onFocus={preloadResolvers} onSubmit={submit} className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t`Start date`}
          placeholder={datePattern}
          inputMode="numeric"
          autoComplete="off"
          error={errors.start_date?.message}
          {...form.register('start_date')}
        />
        <TextField
          label={t`End date`}
          placeholder={datePattern}
          inputMode="numeric"
          autoComplete="off"
          error={errors.end_date?.message}
          {...form.register('end_date')}
        />
      </div>
      <TextField
        label={t`Points needed`}
        inputMode="numeric"
        autoComplete="off"
        error={errors.points_needed?.message}
        {...form.register('points_needed')}
      />
      {serverError && <ErrorBox messages={[serverError]} />}
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <Button type="submit" disabled={pending} className={onCancel ? undefined : 'w-full'}>
          {buttonText()}
        </Button>
      </div>
    </form>
  );
}
