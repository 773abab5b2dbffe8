import { Trans, useLingui } from '@lingui/react/macro';
import type { TeamGoal } from '@wellbank/domain';
import { PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useFormats } from '@/i18n/formats';

/** The key that remembers, on this device, that a team's goal of a week was celebrated. */
const celebratedKey = (goal: TeamGoal) => `wellbank.team-goal.${goal.team_id}.${goal.week_start}`;

function wasCelebrated(goal: TeamGoal): boolean {
  try {
    return localStorage.getItem(celebratedKey(goal)) !== null;
  } catch {
    return false; // Storage refused (private mode): it may show again.
  }
}

function rememberCelebrated(goal: TeamGoal): void {
  try {
    localStorage.setItem(celebratedKey(goal), '1');
  } catch {
    // Storage refused: nothing to remember it in.
  }
}

/**
 * Celebrated once per device and week (decision 0083), as a personal badge is (decision 0078):
 * shown while the goal is reached until "Yay!" says it was seen. A polite status, never a dialog.
 */
function Celebration({ goal }: { goal: TeamGoal }) {
  const [seen, setSeen] = useState(() => wasCelebrated(goal));
  if (!goal.reached || seen) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl border-2 border-emerald-600 bg-emerald-50 p-3">
      <PartyPopper
        aria-hidden
        className="size-8 shrink-0 text-emerald-700 motion-safe:animate-bounce"
      />
      <p role="status" className="min-w-0 flex-1 font-bold text-emerald-900">
        <Trans>Your team reached its goal this week. Well done, together!</Trans>
      </p>
      <Button
        onClick={() => {
          rememberCelebrated(goal);
          setSeen(true);
        }}
      >
        <Trans>Yay!</Trans>
      </Button>
    </div>
  );
}

/** The team's weekly goal (issue 37 §2): complete days of the week against the goal. */
export function TeamGoalMeter({ goal }: { goal: TeamGoal }) {
  const { t } = useLingui();
  const { formatCount } = useFormats();
  const done = formatCount(goal.complete_days);
  const target = formatCount(goal.goal);
  const percent = Math.min(100, Math.round((goal.complete_days / Math.max(1, goal.goal)) * 100));
  const perMember = formatCount(goal.goal / Math.max(1, goal.members));
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">
        <Trans>
          Each complete day anyone on the team logs counts. The goal is {perMember} complete days
          for each member, Monday to Sunday.
        </Trans>
      </p>
      <div
        role="progressbar"
        aria-label={t`Team goal this week`}
        aria-valuemin={0}
        aria-valuemax={goal.goal}
        aria-valuenow={Math.min(goal.complete_days, goal.goal)}
        aria-valuetext={t`${done} of ${target} complete days`}
        data-testid="team-goal-meter"
        className="h-5 overflow-hidden rounded-full bg-slate-200 ring-1 ring-slate-300"
      >
        <div
          className="h-full rounded-full bg-emerald-700 motion-safe:transition-[width] motion-safe:duration-700"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-lg font-bold tabular-nums" data-testid="team-goal-figures">
        {goal.reached ? (
          <Trans>
            Goal reached: {done} complete days this week, the goal was {target}.
          </Trans>
        ) : (
          <Trans>
            {done} of {target} complete days this week.
          </Trans>
        )}
      </p>
      <Celebration goal={goal} />
    </div>
  );
}
