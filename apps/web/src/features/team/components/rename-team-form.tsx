import { Trans, useLingui } from '@lingui/react/macro';
import { TEAM_MESSAGES, TEAM_NAME_MAX, type TeamRenameInput } from '@wellbank/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/platform/api-client';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';
import { useRenameTeam } from '../api/team';

/**
 * The captain renames their team (decision 0031). Closed, it is one button; open, a field with
 * the current name, Save and Cancel. Renaming yourself on /profile leaves the team's name alone.
 */
export function RenameTeamForm({ teamId, name }: { teamId: number; name: string }) {
  const { i18n, t } = useLingui();
  const [open, setOpen] = useState(false);
  const rename = useRenameTeam();
  const form = useForm<TeamRenameInput>({
    resolver: lazyResolver('teamRename'),
    defaultValues: { name },
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, rename.reset);
  const nameError = form.formState.errors.name?.message;

  if (!open) {
    return (
      <div className="flex flex-col gap-2">
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => {
            rename.reset();
            form.reset({ name });
            setOpen(true);
          }}
        >
          <Trans>Rename team</Trans>
        </Button>
        {rename.isSuccess && <StatusMessage>{i18n._(TEAM_MESSAGES.renamed)}</StatusMessage>}
      </div>
    );
  }
  return (
    <form
      noValidate
      onFocus={preloadResolvers}
      onSubmit={form.handleSubmit((body) =>
        rename.mutate({ teamId, name: body.name }, { onSuccess: () => setOpen(false) }),
      )}
      className="flex flex-col gap-3"
    >
      <TextField
        label={t`Team name`}
        autoComplete="off"
        maxLength={TEAM_NAME_MAX * 2}
        // Opened by a click on "Rename team": the field takes the focus it asked for.
        autoFocus
        hint={t`Only you, the team's captain, can rename it.`}
        error={nameError && i18n._(nameError)}
        {...form.register('name')}
      />
      {rename.isError && <ErrorBox messages={[errorText(rename.error)]} />}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => setOpen(false)} disabled={rename.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? <Trans>Saving...</Trans> : <Trans>Save name</Trans>}
        </Button>
      </div>
    </form>
  );
}
