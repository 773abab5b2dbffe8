import { Trans } from '@lingui/react/macro';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { UserForm } from '@/components/forms/user-form';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/platform/api-client';
import { useJoinTeam } from '../api/join';
import { useTeam } from '../api/teams';

/** The e-mail the find-team page typed, kept in the history entry (find-team-page.tsx). */
function captainEmailFrom(state: unknown): string | null {
  const email = (state as { captainEmail?: unknown } | null)?.captainEmail;
  return typeof email === 'string' ? email : null;
}

export function JoinTeamDetailPage() {
  const teamId = useParams().teamId ?? '';
  const captainEmail = captainEmailFrom(useLocation().state);
  const navigate = useNavigate();
  const team = useTeam(teamId, captainEmail !== null);
  const join = useJoinTeam();

  // Joining needs the captain's e-mail (DESIGN.md §1.5): without it, ask for it.
  if (captainEmail === null) return <Navigate to="/sign-up/join/teams" replace />;
  if (team.isPending) return <Spinner label={<Trans>Loading team...</Trans>} />;
  if (team.isError) return <ErrorBox messages={[errorText(team.error)]} />;

  return (
    <Card>
      <h1 className="mb-1 text-2xl font-bold">
        <Trans>Welcome to team {team.data.name}!</Trans>
      </h1>
      {team.data.school && <p className="mb-4 text-slate-700">{team.data.school.name}</p>}
      <UserForm
        mode="signup"
        pending={join.isPending}
        serverError={join.isError ? errorText(join.error) : undefined}
        clearServerError={join.reset}
        onCancel={() => navigate('/sign-up/join/teams')}
        onSubmit={(user) =>
          join.mutate(
            { teamId, captainEmail, user },
            { onSuccess: () => navigate('/dashboard', { replace: true }) },
          )
        }
      />
    </Card>
  );
}
