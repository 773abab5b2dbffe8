import { Trans } from '@lingui/react/macro';
import { competitionRanks, type TeamUserEntry } from '@wellbank/domain';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { useFormats } from '@/i18n/formats';
import { cn } from '@/lib/cn';
import { fullName } from '@/lib/session';
import { RankBadge } from './rank-badge';

const names = new Intl.Collator('en', { sensitivity: 'base' });

/** "My Team Leaderboard": Ranking, Name and Points, the current user as YOU (SPEC.md §2). */
export function Leaderboard({
  entries,
  currentUserId,
}: {
  entries: TeamUserEntry[];
  currentUserId: number;
}) {
  const { formatCount } = useFormats();
  // Highest first; a tie lists its members by name, so the order never jumps between loads.
  const ordered = [...entries].sort(
    (a, b) => b.user.points - a.user.points || names.compare(fullName(a.user), fullName(b.user)),
  );
  const ranks = competitionRanks(ordered.map((e) => e.user.points));

  return (
    <DataTable aria-labelledby="leaderboard-title">
      <thead>
        <tr>
          <th scope="col" className={`${thClasses} w-32`}>
            <Trans>Ranking</Trans>
          </th>
          <th scope="col" className={thClasses}>
            <Trans>Name</Trans>
          </th>
          <th scope="col" className={`${thClasses} w-20 text-right`}>
            <Trans>Points</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {ordered.map(({ user }, index) => {
          const isMe = user.id === currentUserId;
          return (
            <tr key={user.id} className={cn(isMe && 'bg-emerald-50')}>
              <td className={tdClasses}>
                <RankBadge rank={ranks[index] ?? index + 1} />
              </td>
              <th scope="row" className={cn(tdClasses, 'font-semibold break-words')}>
                {isMe ? (
                  <span className="font-extrabold text-accent-strong">
                    <Trans>YOU</Trans>
                  </span>
                ) : (
                  fullName(user)
                )}
              </th>
              <td className={`${tdClasses} text-right font-semibold tabular-nums`}>
                {formatCount(user.points)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
