import { Trans, useLingui } from '@lingui/react/macro';
import { daysBetween, type WeeklySnapshot } from '@wellbank/domain';
import { useFormats } from '@/i18n/formats';

interface OverallProgressProps {
  snapshot: WeeklySnapshot;
  /** Today's date on the school's calendar, ISO. */
  today: string;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl bg-emerald-50 px-2 py-3 text-center">
      <dt className="text-xs font-bold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-2xl font-extrabold text-accent-strong tabular-nums">{value}</dd>
    </div>
  );
}

/** SPEC.md §9 Progress: user points plus streak points against points_needed. */
export function OverallProgress({ snapshot, today }: OverallProgressProps) {
  const { formatCount } = useFormats();
  const { t } = useLingui();
  const { semester } = snapshot;
  if (!semester) {
    return (
      <p className="text-slate-700">
        <Trans>Your school has no active interval right now.</Trans>
      </p>
    );
  }
  const earned = snapshot.semester_user_points + snapshot.semester_streak_points;
  const needed = semester.points_needed;
  const shown = Math.min(Math.max(earned, 0), needed);
  const percent = needed > 0 ? Math.round((shown / needed) * 100) : 0;
  const pointsRemaining = Math.max(0, needed - earned);
  const daysRemaining = Math.max(0, daysBetween(today, semester.end_date));
  const earnedPoints = formatCount(earned);
  const neededPoints = formatCount(needed);
  const activityPoints = formatCount(snapshot.semester_user_points);
  const streakPoints = formatCount(snapshot.semester_streak_points);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="overall-progress-label" className="text-lg font-bold">
          <Trans>Overall progress</Trans>
        </h2>
        <p className="font-semibold tabular-nums">
          <Trans>
            {earnedPoints} / {neededPoints} points
          </Trans>
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="overall-progress-label"
        aria-valuemin={0}
        aria-valuemax={needed}
        aria-valuenow={shown}
        aria-valuetext={t`${earnedPoints} of ${neededPoints} points (${percent}%)`}
        className="h-6 overflow-hidden rounded-full bg-slate-200 ring-1 ring-slate-400"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700">
        <Trans>
          {activityPoints} activity points + {streakPoints} streak points ({percent}%)
        </Trans>
      </p>
      <dl className="grid grid-cols-2 gap-2">
        <Figure label={t`Points remaining`} value={formatCount(pointsRemaining)} />
        <Figure label={t`Days remaining`} value={formatCount(daysRemaining)} />
      </dl>
    </div>
  );
}
