import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { lazyResolver, preloadResolvers } from '@/lib/lazy-resolver';
import { useClearErrorsOnChange } from '@/lib/use-clear-errors-on-change';
import { useFindSchool } from '../api/schools';

export function JoinSchoolPage() {
  const navigate = useNavigate();
  const find = useFindSchool();
  const form = useForm<{ code: string }>({
    resolver: lazyResolver('schoolCode'),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, find.reset);
  const school = find.data;

  return (
    <Card>
      <h1 className="mb-1 text-2xl font-bold">Join your school</h1>
      <p className="mb-4 text-slate-700">
        Ask your teacher for your school's <span className="whitespace-nowrap">6-character</span>{' '}
        code.
      </p>
      <form
        noValidate
        onFocus={preloadResolvers}
        onSubmit={form.handleSubmit(({ code }) => find.mutate(code))}
        className="flex flex-col gap-4"
      >
        <TextField
          label="School Code"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        {find.isError && <ErrorBox messages={[errorText(find.error)]} />}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={() => navigate('/sign-up')}>
            Cancel
          </Button>
          <Button type="submit" disabled={find.isPending}>
            Find
          </Button>
        </div>
      </form>
      {school && (
        <div className="mt-5 flex flex-col gap-3">
          <StatusMessage>
            <p className="font-bold">School found!</p>
            <p>Would you like to join "{school.name}"?</p>
          </StatusMessage>
          <Button onClick={() => navigate(`/sign-up/join/schools/${school.id}`)}>Join</Button>
        </div>
      )}
    </Card>
  );
}
