import { Trans } from '@lingui/react/macro';
import type { RankedTeam, TeamRanking } from '@wellbank/domain';
import { RankedRow, RankingTable } from './ranking-table';

function TeamRow({ team, isOwn }: { team: RankedTeam; isOwn: boolean }) {
  const name = (
    <>
      {team.name}
      {isOwn && (
        <span className="ml-1 font-extrabold text-accent-strong">
          <Trans>(your team)</Trans>
        </span>
      )}
    </>
  );
  const score = team.points ?? team.goals_reached ?? 0;
  return <RankedRow rank={team.rank} name={name} points={score} isOwn={isOwn} />;
}

/**
 * The school's team ranking (issue #16 §5): the top ten with medals for the top three ranks
 * (SPEC.md §9), and the caller's own team below them when it is not among them; by points, or
 * by goals reached where the school chose the kind ranking (decision 0083).
 */
export function SchoolRanking({ ranking }: { ranking: TeamRanking }) {
  const own = ranking.own_team;
  const ownInTop = own !== null && ranking.teams.some((team) => team.id === own.id);
  return (
    <RankingTable
      labelledBy="school-ranking-title"
      nameHeading={<Trans>Team</Trans>}
      scoreHeading={ranking.ranked_by === 'goals' ? <Trans>Goals reached</Trans> : undefined}
    >
      {ranking.teams.map((team) => (
        <TeamRow key={team.id} team={team} isOwn={team.id === own?.id} />
      ))}
      {own && !ownInTop && (
        <>
          <tr>
            <td colSpan={3} className="px-2 py-1 text-center text-slate-600">
              <span aria-hidden>⋯</span>
              <span className="sr-only">
                <Trans>Your team further down:</Trans>
              </span>
            </td>
          </tr>
          <TeamRow team={own} isOwn />
        </>
      )}
    </RankingTable>
  );
}
