import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { useFormats } from '@/i18n/formats';
import { cn } from '@/lib/platform/cn';
import { RankBadge } from './rank-badge';

/**
 * A ranking (SPEC.md §2 and §9): Ranking, the ranked one's name (`nameHeading`: a person or a
 * team) and Points, one `RankedRow` a line. The team leaderboard and the school's team ranking.
 */
export function RankingTable(props: {
  labelledBy: string;
  nameHeading: ReactNode;
  /** "Points", or "Goals reached" in the kind ranking (decision 0083). */
  scoreHeading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <DataTable aria-labelledby={props.labelledBy}>
      <thead>
        <tr>
          <th scope="col" className={`${thClasses} w-32`}>
            <Trans>Ranking</Trans>
          </th>
          <th scope="col" className={thClasses}>
            {props.nameHeading}
          </th>
          <th scope="col" className={`${thClasses} w-20 text-right`}>
            {props.scoreHeading ?? <Trans>Points</Trans>}
          </th>
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </DataTable>
  );
}

/** One line of a ranking; the reader's own (they, or their team) stands out. */
export function RankedRow(props: {
  rank: number;
  name: ReactNode;
  /** Points, or goals reached. */
  points: number;
  isOwn: boolean;
}) {
  const { formatCount } = useFormats();
  return (
    <tr
      className={cn(props.isOwn && 'bg-emerald-50')}
      aria-current={props.isOwn ? 'true' : undefined}
    >
      <td className={tdClasses}>
        <RankBadge rank={props.rank} points={props.points} />
      </td>
      <th scope="row" className={cn(tdClasses, 'font-semibold break-words')}>
        {props.name}
      </th>
      <td className={`${tdClasses} text-right font-semibold tabular-nums`}>
        {formatCount(props.points)}
      </td>
    </tr>
  );
}
