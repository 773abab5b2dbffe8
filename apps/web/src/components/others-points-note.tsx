import { Trans } from '@lingui/react/macro';

/**
 * Beside other people's points (the points lists, the team pages): they count the school's days
 * that can no longer change, so a rating of stress moves nothing anyone else reads (decision
 * 0043). Your own points elsewhere are live.
 */
export function OthersPointsNote() {
  return (
    <p className="text-sm text-slate-700">
      <Trans>
        Points of others and of teams are updated after each school day: today's and yesterday's are
        not in them yet.
      </Trans>
    </p>
  );
}
