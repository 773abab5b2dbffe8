import { Trans, useLingui } from '@lingui/react/macro';
import { SCHOOL_TEAMS_LIMIT, TEAM_NAME_MAX } from '@wellbank/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useSchoolTeams } from '../api/school-teams';
import { SchoolTeamItem } from '../components/school-team-item';

/**
 * Coordinator use › Teams (decision 0046): every team of the school, by name, 50 at a time with a
 * search by team or captain name; each can be renamed or given back its captain's name.
 */
export function TeamsPage() {
  const { t } = useLingui();
  const schoolId = useSession()?.school.id ?? 0;
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const teams = useSchoolTeams(schoolId, search);
  const shown = teams.data ?? [];
  const limit = SCHOOL_TEAMS_LIMIT;

  return (
    <Card aria-labelledby="teams-title" className="flex flex-col gap-4">
      <h1 id="teams-title" className="text-2xl font-bold">
        <Trans>Teams</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>
          Every family of the school sees the team names on the team ranking. Rename a team whose
          name is not right for a school, or give it back its captain's name. Each change is in the
          activity log.
        </Trans>
      </p>
      <search>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(typed.trim());
          }}
        >
          <TextField
            className="min-w-0 flex-1 basis-48"
            label={t`Team or captain name`}
            type="search"
            autoComplete="off"
            maxLength={TEAM_NAME_MAX}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            <Trans>Search</Trans>
          </Button>
        </form>
      </search>
      {teams.isPending && <Spinner label={t`Loading the teams...`} />}
      {teams.isError && <ErrorBox messages={[errorText(teams.error)]} />}
      {teams.isSuccess && shown.length === 0 && (
        <p className="text-slate-700">
          <Trans>No team matches this search.</Trans>
        </p>
      )}
      {shown.length > 0 && (
        <ul aria-label={t`Teams`} className="flex flex-col gap-3">
          {shown.map((team) => (
            <SchoolTeamItem key={team.id} schoolId={schoolId} team={team} />
          ))}
        </ul>
      )}
      {shown.length >= limit && (
        <p className="text-sm text-slate-600">
          <Trans>Showing the first {limit} teams by name: search to find another.</Trans>
        </p>
      )}
    </Card>
  );
}
