import { Trans, useLingui } from '@lingui/react/macro';
import {
  type SchoolTeam,
  TEAM_MESSAGES,
  TEAM_NAME_MAX,
  type TeamRenameInput,
} from '@wellbank/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { StatusMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { lazyResolver, preloadResolvers } from '@/lib/platform/lazy-resolver';
import { useClearErrorsOnChange } from '@/lib/platform/use-clear-errors-on-change';
import { useRenameSchoolTeam } from '../api/school-teams';

/**
 * One team on the coordinator's Teams page (decision 0046): its name, captain and size, with
 * "Rename" (a field, Save and Cancel) and "Reset name" (back to the captain's "{first} {L}.").
 */
export function SchoolTeamItem({ schoolId, team }: { schoolId: number; team: SchoolTeam }) {
  const { i18n, t } = useLingui();
  const { formatCount } = useFormats();
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState<'renamed' | 'reset'>();
  const rename = useRenameSchoolTeam(schoolId);
  const form = useForm<TeamRenameInput>({
    resolver: lazyResolver('teamRename'),
    defaultValues: { name: team.name },
    reValidateMode: 'onSubmit',
  });
  useClearErrorsOnChange(form, rename.reset);
  const nameError = form.formState.errors.name?.message;
  const members = formatCount(team.num_team_users);
  const captain = team.captain_name;
  const teamName = team.name;

  const save = (name: string | null, outcome: 'renamed' | 'reset') =>
    rename.mutate(
      { teamId: team.id, name },
      {
        onSuccess: () => {
          setEditing(false);
          setDone(outcome);
        },
      },
    );

  return (
    <li className="flex flex-col gap-3 rounded-xl border-2 border-slate-200 p-3">
      <div>
        <h2 className="text-lg font-semibold break-words">{team.name}</h2>
        <p className="text-sm text-slate-700">
          {captain ? <Trans>Captain: {captain}</Trans> : <Trans>No captain</Trans>}
          {' · '}
          <Trans>Members: {members}</Trans>
        </p>
      </div>
      {editing ? (
        <form
          noValidate
          onFocus={preloadResolvers}
          onSubmit={form.handleSubmit((body) => save(body.name, 'renamed'))}
          className="flex flex-col gap-3"
        >
          <TextField
            label={t`New name for ${teamName}`}
            autoComplete="off"
            maxLength={TEAM_NAME_MAX * 2}
            // Opened by a click on "Rename": the field takes the focus it asked for.
            autoFocus
            error={nameError && i18n._(nameError)}
            {...form.register('name')}
          />
          {rename.isError && <ErrorBox messages={[errorText(rename.error)]} />}
          <div className="flex flex-wrap justify-end gap-3">
            <Button
              variant="secondary"
              onClick={() => setEditing(false)}
              disabled={rename.isPending}
            >
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? <Trans>Saving...</Trans> : <Trans>Save name</Trans>}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            aria-label={t`Rename ${teamName}`}
            onClick={() => {
              rename.reset();
              setDone(undefined);
              form.reset({ name: team.name });
              setEditing(true);
            }}
          >
            <Trans>Rename</Trans>
          </Button>
          <Button
            variant="ghost"
            aria-label={t`Reset name of ${teamName}`}
            disabled={rename.isPending}
            onClick={() => save(null, 'reset')}
          >
            <Trans>Reset name</Trans>
          </Button>
        </div>
      )}
      {!editing && rename.isError && <ErrorBox messages={[errorText(rename.error)]} />}
      {done === 'renamed' && <StatusMessage>{i18n._(TEAM_MESSAGES.renamed)}</StatusMessage>}
      {done === 'reset' && (
        <StatusMessage>
          <Trans>Team name reset to its captain's name.</Trans>
        </StatusMessage>
      )}
    </li>
  );
}
