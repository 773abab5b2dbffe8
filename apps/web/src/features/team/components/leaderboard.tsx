import { Trans } from '@lingui/react/macro';
import { competitionRanks, type TeamUserEntry } from '@wellbank/domain';
import { fullName } from '@/lib/platform/session';
import { RankedRow, RankingTable } from './ranking-table';

const names = new Intl.Collator('en', { sensitivity: 'base' });

/** "My Team Leaderboard": Ranking, Name and Points, the current user as YOU (SPEC.md §2). */
export function Leaderboard({
  entries,
  currentUserId,
}: {
  entries: TeamUserEntry[];
  currentUserId: number;
}) {
  // Highest first; a tie lists its members by name, so the order never jumps between loads.
  const ordered = [...entries].sort(
    (a, b) => b.user.points - a.user.points || names.compare(fullName(a.user), fullName(b.user)),
  );
  const ranks = competitionRanks(ordered.map((e) => e.user.points));

  return (
    <RankingTable labelledBy="leaderboard-title" nameHeading={<Trans>Name</Trans>}>
      {ordered.map(({ user }, index) => {
        const isMe = user.id === currentUserId;
        const you = (
          <span className="font-extrabold text-accent-strong">
            <Trans>YOU</Trans>
          </span>
        );
        return (
          <RankedRow
            key={user.id}
            rank={ranks[index] ?? index + 1}
            name={isMe ? you : fullName(user)}
            points={user.points}
            isOwn={isMe}
          />
        );
      })}
    </RankingTable>
  );
}
