import { Trans, useLingui } from '@lingui/react/macro';
import type { NewStudentInput } from '@wellbank/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/platform/api-client';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { fullName } from '@/lib/platform/session';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';
import { useAddStudent } from '../api/roster';

type AddStudentValues = Required<{ [K in keyof NewStudentInput]: string }>;

const empty: AddStudentValues = { first_name: '', last_name: '', grade: '', homeroom: '' };

/**
 * "Add a student" (decision 0063): one student by name, grade and homeroom, for a child with no
 * e-mail address; the account is made at once, with no invitation and no password.
 */
export function AddStudentForm({ schoolId }: { schoolId: number }) {
  const { t } = useLingui();
  const add = useAddStudent(schoolId);
  const form = useForm<AddStudentValues>({
    resolver: lazyResolver('newStudent'),
    defaultValues: empty,
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, add.reset);
  const { errors } = form.formState;
  const added = add.data && fullName(add.data);

  return (
    <Card aria-labelledby="add-student-title" className="flex flex-col gap-3">
      <h2 id="add-student-title" className="text-xl font-bold">
        <Trans>Add a student</Trans>
      </h2>
      <p className="text-slate-700">
        <Trans>
          For a child without an e-mail address: their account is made at once, with no invitation
          and no password. An e-mail address can be added later, here ("Add e-mail") or on their
          profile.
        </Trans>
      </p>
      <form
        noValidate
        onFocus={preloadResolvers}
        onSubmit={form.handleSubmit((values) =>
          add.mutate(values, { onSuccess: () => form.reset(empty) }),
        )}
        className="flex flex-col gap-3"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={<Trans>First name</Trans>}
            autoComplete="off"
            error={errors.first_name?.message}
            {...form.register('first_name')}
          />
          <TextField
            label={<Trans>Last name</Trans>}
            autoComplete="off"
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
          <TextField
            label={<Trans>Grade</Trans>}
            hint={t`Optional: PK, K or 1 to 12`}
            autoComplete="off"
            maxLength={5}
            error={errors.grade?.message}
            {...form.register('grade')}
          />
          <TextField
            label={<Trans>Homeroom</Trans>}
            hint={t`Optional`}
            autoComplete="off"
            error={errors.homeroom?.message}
            {...form.register('homeroom')}
          />
        </div>
        {added && (
          <StatusMessage>
            <Trans>{added} was added.</Trans>
          </StatusMessage>
        )}
        {add.isError && <ErrorBox messages={[errorText(add.error)]} />}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? <Trans>Adding...</Trans> : <Trans>Add student</Trans>}
        </Button>
      </form>
    </Card>
  );
}
