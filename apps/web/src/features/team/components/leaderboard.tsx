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
  const pointsOf = (entry: TeamUserEntry) => entry.user.points ?? 0;
  const ordered = [...entries].sort(
    (a, b) => pointsOf(b) - pointsOf(a) || names.compare(fullName(a.user), fullName(b.user)),
  );
  const ranks = competitionRanks(ordered.map(pointsOf));

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
            points={user.points ?? 0}
            isOwn={isMe}
          />
        );
      })}
    </RankingTable>
  );
}

/**
 * The kind ranking's team (decision 0083): its members by name, the current user as YOU, nobody
 * ranked and no points: the team reaches its goal together.
 */
export function MemberList({
  entries,
  currentUserId,
}: {
  entries: TeamUserEntry[];
  currentUserId: number;
}) {
  return (
    <ul aria-labelledby="leaderboard-title" className="flex flex-col divide-y divide-slate-200">
      {entries.map(({ user }) => (
        <li
          key={user.id}
          className="py-2 font-semibold break-words"
          aria-current={user.id === currentUserId ? 'true' : undefined}
        >
          {fullName(user)}
          {user.id === currentUserId && (
            <span className="ml-1 font-extrabold text-accent-strong">
              <Trans>(you)</Trans>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
