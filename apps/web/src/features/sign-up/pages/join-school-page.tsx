import { Trans } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';
import { useFindSchool } from '../api/schools';
import { LookupActions, LookupFound, UnpaidNotice } from '../components/lookup-parts';

export function JoinSchoolPage() {
  const find = useFindSchool();
  // The join poster's QR code and the welcome mail's link bring the code (decision 0061).
  const [params] = useSearchParams();
  const form = useForm<{ code: string }>({
    resolver: lazyResolver('schoolCode'),
    defaultValues: { code: params.get('code') ?? '' },
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, find.reset);
  const school = find.data;

  return (
    <Card>
      <h1 className="mb-1 text-2xl font-bold">
        <Trans>Join your school</Trans>
      </h1>
      <p className="mb-4 text-slate-700">
        <Trans>
          Ask your teacher for your school's <span className="whitespace-nowrap">6-character</span>{' '}
          code.
        </Trans>
      </p>
      <form
        noValidate
        onFocus={preloadResolvers}
        onSubmit={form.handleSubmit(({ code }) => find.mutate(code))}
        className="flex flex-col gap-4"
      >
        <TextField
          label={<Trans>School Code</Trans>}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <LookupActions error={find.error} pending={find.isPending} />
      </form>
      {school && (
        <LookupFound
          title={<Trans>School found!</Trans>}
          joinLabel={<Trans>Join</Trans>}
          // The code is the proof of joining (DESIGN.md §1.5); in the address, a reload keeps it.
          joinPath={`/sign-up/join/schools/${school.id}?code=${encodeURIComponent(find.variables ?? '')}`}
          notice={!school.subscription_active && <UnpaidNotice school={school.name} />}
        >
          <Trans>Would you like to join "{school.name}"?</Trans>
        </LookupFound>
      )}
    </Card>
  );
}
