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
import { useFindTeam } from '../api/teams';

export function FindTeamPage() {
  const navigate = useNavigate();
  const find = useFindTeam();
  const form = useForm<{ email: string }>({
    resolver: lazyResolver('findTeam'),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, find.reset);
  const team = find.data;

  return (
    <Card>
      <h1 className="mb-1 text-2xl font-bold">Find a team</h1>
      <p className="mb-4 text-slate-700">
        Type the email of the student or staff member whose team you want to join.
      </p>
      <form
        noValidate
        onFocus={preloadResolvers}
        onSubmit={form.handleSubmit(({ email }) => find.mutate(email))}
        className="flex flex-col gap-4"
      >
        <TextField
          label="Team captain's email"
          type="email"
          inputMode="email"
          autoComplete="off"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
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
      {team && (
        <div className="mt-5 flex flex-col gap-3">
          <StatusMessage>
            <p className="font-bold">Team found!</p>
            <p>
              Team {team.name} at {team.school.name}
            </p>
          </StatusMessage>
          <Button onClick={() => navigate(`/sign-up/join/teams/${team.id}`)}>Join team</Button>
        </div>
      )}
    </Card>
  );
}
