import { Trans } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';
import { useFindTeam } from '../api/teams';
import { LookupActions, LookupFound } from '../components/lookup-parts';

export function FindTeamPage() {
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
      <h1 className="mb-1 text-2xl font-bold">
        <Trans>Find a team</Trans>
      </h1>
      <p className="mb-4 text-slate-700">
        <Trans>Type the email of the student or staff member whose team you want to join.</Trans>
      </p>
      <form
        noValidate
        onFocus={preloadResolvers}
        onSubmit={form.handleSubmit(({ email }) => find.mutate(email))}
        className="flex flex-col gap-4"
      >
        <TextField
          label={<Trans>Team captain's email</Trans>}
          type="email"
          inputMode="email"
          autoComplete="off"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <LookupActions error={find.error} pending={find.isPending} />
      </form>
      {team && (
        <LookupFound
          title={<Trans>Team found!</Trans>}
          joinLabel={<Trans>Join team</Trans>}
          joinPath={`/sign-up/join/teams/${team.id}`}
          // The captain's e-mail is the proof of joining (DESIGN.md §1.5). It rides in the
          // history entry, not the address: a reload keeps it, and no e-mail lands in a URL.
          joinState={{ captainEmail: find.variables }}
        >
          <Trans>
            Team {team.name} at {team.school.name}
          </Trans>
        </LookupFound>
      )}
    </Card>
  );
}
