import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { OthersPointsNote } from '@/components/others-points-note';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { QueryPending } from '@/components/ui/query-pending';
import { useFormats } from '@/i18n/formats';
import { errorText } from '@/lib/platform/api-client';
import { useSession } from '@/lib/platform/session';
import { useMyTeam, useTeamGoal, useTeamRanking, useTeamUsers } from '../api/team';
import { Leaderboard, MemberList } from '../components/leaderboard';
import { RenameTeamForm } from '../components/rename-team-form';
import { SchoolRanking } from '../components/school-ranking';
import { TeamGoalMeter } from '../components/team-goal-meter';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl bg-emerald-50 px-2 py-3 text-center">
      <dt className="text-xs font-bold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-2xl font-extrabold text-accent-strong tabular-nums">{value}</dd>
    </div>
  );
}

export function TeamPage() {
  const { formatCount, ordinal } = useFormats();
  const { t } = useLingui();
  const session = useSession();
  const team = useMyTeam();
  const members = useTeamUsers(team.data?.id);
  const ranking = useTeamRanking(team.data?.school.id);
  const schoolName = team.data?.school.name;
  const teamName = team.data?.name;
  const teamCount = team.data?.num_teams ?? 0;
  const goal = useTeamGoal(team.isSuccess);
  // The school's kind ranking (decision 0083): goals reached, no points, for students and families.
  const byGoals = team.data?.ranked_by === 'goals';

  return (
    <>
      <Card aria-labelledby="team-title" className="flex flex-col gap-4">
        <h1 id="team-title" className="text-2xl font-bold">
          {team.data ? <Trans>Team {teamName}</Trans> : <Trans>My team ranking</Trans>}
        </h1>
        <QueryPending query={team} label={t`Loading your team...`} />
        {team.isError && <ErrorBox messages={[errorText(team.error)]} />}
        {team.data && (
          <dl className="grid grid-cols-3 gap-2">
            <Stat label={t`Total teams`} value={formatCount(team.data.num_teams)} />
            <Stat label={t`Team rank`} value={ordinal(team.data.rank)} />
            {team.data.points === null ? (
              <Stat label={t`Goals reached`} value={formatCount(team.data.goals_reached ?? 0)} />
            ) : (
              <Stat label={t`Team points`} value={formatCount(team.data.points)} />
            )}
          </dl>
        )}
        {team.data?.is_captain && <RenameTeamForm teamId={team.data.id} name={team.data.name} />}
      </Card>
      {team.data && (
        <Card aria-labelledby="team-goal-title" className="flex flex-col gap-3">
          <h2 id="team-goal-title" className="text-xl font-bold">
            <Trans>Team goal this week</Trans>
          </h2>
          <QueryPending query={goal} label={t`Loading the team goal...`} />
          {goal.isError && <ErrorBox messages={[errorText(goal.error)]} />}
          {goal.data && <TeamGoalMeter key={goal.data.week_start} goal={goal.data} />}
        </Card>
      )}
      {team.data && (
        <Card aria-labelledby="leaderboard-title" className="flex flex-col gap-3">
          <h2 id="leaderboard-title" className="text-xl font-bold">
            {byGoals ? <Trans>My team</Trans> : <Trans>My Team Leaderboard</Trans>}
          </h2>
          <QueryPending query={members} label={t`Loading the leaderboard...`} />
          {members.isError && <ErrorBox messages={[errorText(members.error)]} />}
          {members.isSuccess && members.data.length === 0 && (
            <p className="text-slate-700">
              <Trans>No one has joined this team yet.</Trans>
            </p>
          )}
          {members.isSuccess && members.data.length > 0 && byGoals && (
            <MemberList entries={members.data} currentUserId={session?.id ?? 0} />
          )}
          {members.isSuccess && members.data.length > 0 && !byGoals && (
            <>
              <Leaderboard entries={members.data} currentUserId={session?.id ?? 0} />
              <OthersPointsNote />
            </>
          )}
        </Card>
      )}
      {team.data && (
        <Card aria-labelledby="school-ranking-title" className="flex flex-col gap-3">
          <h2 id="school-ranking-title" className="text-xl font-bold">
            <Trans>School Team Ranking</Trans>
          </h2>
          <p className="text-slate-700">
            {byGoals ? (
              <Plural
                value={teamCount}
                one={`The one team of ${schoolName}, by weekly goals reached.`}
                other={`The # teams of ${schoolName} by weekly goals reached: the top ten, and yours.`}
              />
            ) : (
              <Plural
                value={teamCount}
                one={`The one team of ${schoolName}, by points.`}
                other={`The # teams of ${schoolName} by points: the top ten, and yours.`}
              />
            )}
          </p>
          <QueryPending query={ranking} label={t`Loading the school's teams...`} />
          {ranking.isError && <ErrorBox messages={[errorText(ranking.error)]} />}
          {ranking.isSuccess && <SchoolRanking ranking={ranking.data} />}
        </Card>
      )}
    </>
  );
}
