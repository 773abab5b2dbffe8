import { Trans } from '@lingui/react/macro';
import type { RankedTeam, TeamRanking } from '@wellbank/domain';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { useFormats } from '@/i18n/formats';
import { cn } from '@/lib/cn';
import { RankBadge } from './rank-badge';

function TeamRow({ team, isOwn }: { team: RankedTeam; isOwn: boolean }) {
  const { formatCount } = useFormats();
  return (
    <tr className={cn(isOwn && 'bg-emerald-50')} aria-current={isOwn ? 'true' : undefined}>
      <td className={tdClasses}>
        <RankBadge rank={team.rank} />
      </td>
      <th scope="row" className={cn(tdClasses, 'font-semibold break-words')}>
        {team.name}
        {isOwn && (
          <span className="ml-1 font-extrabold text-accent-strong">
            <Trans>(your team)</Trans>
          </span>
        )}
      </th>
      <td className={`${tdClasses} text-right font-semibold tabular-nums`}>
        {formatCount(team.points)}
      </td>
    </tr>
  );
}

/**
 * The school's team ranking (issue #16 §5): the top ten with medals for the top three ranks
 * (SPEC.md §9), and the caller's own team below them when it is not among them.
 */
export function SchoolRanking({ ranking }: { ranking: TeamRanking }) {
  const own = ranking.own_team;
  const ownInTop = own !== null && ranking.teams.some((team) => team.id === own.id);
  return (
    <DataTable aria-labelledby="school-ranking-title">
      <thead>
        <tr>
          <th scope="col" className={`${thClasses} w-32`}>
            <Trans>Ranking</Trans>
          </th>
          <th scope="col" className={thClasses}>
            <Trans>Team</Trans>
          </th>
          <th scope="col" className={`${thClasses} w-20 text-right`}>
            <Trans>Points</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
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
      </tbody>
    </DataTable>
  );
}
