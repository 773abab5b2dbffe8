import { useNavigate, useParams } from 'react-router';
import { UserForm } from '@/components/forms/user-form';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useJoinTeam } from '../api/join';
import { useTeam } from '../api/teams';

export function JoinTeamDetailPage() {
  const teamId = useParams().teamId ?? '';
  const navigate = useNavigate();
  const team = useTeam(teamId);
  const join = useJoinTeam();

  if (team.isPending) return <Spinner label="Loading team..." />;
  if (team.isError) return <ErrorBox messages={[errorText(team.error)]} />;

  return (
    <Card>
      <h1 className="mb-1 text-2xl font-bold">Welcome to team {team.data.name}!</h1>
      {team.data.school && <p className="mb-4 text-slate-700">{team.data.school.name}</p>}
      <UserForm
        mode="signup"
        pending={join.isPending}
        serverError={join.isError ? errorText(join.error) : undefined}
        clearServerError={join.reset}
        onCancel={() => navigate('/sign-up/join/teams')}
        onSubmit={(user) =>
          join.mutate(
            { teamId, user },
            { onSuccess: () => navigate('/dashboard', { replace: true }) },
          )
        }
      />
    </Card>
  );
}
