import { Trans, useLingui } from '@lingui/react/macro';
import { type ChildDay, type ChildOverview, GUARDIAN_DAYS_BACK } from '@wellbank/domain';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BalanceSummary } from '@/components/day/balance-summary';
import { CategoryCard } from '@/components/day/category-card';
import { PersonalBadgesList } from '@/components/personal-badges/personal-badges-card';
import { BalanceChart } from '@/components/progress/balance-chart';
import { OverallProgress } from '@/components/progress/overall-progress';
import { PreviousWeek } from '@/components/progress/previous-week';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useFormats } from '@/i18n/formats';
import { dashboardDay } from '@/lib/day/day-view';
import { errorText } from '@/lib/platform/api-client';
import { useChildDay, useChildOverview } from '../api/family';

/** The chart's bars: 14 fit a 390 px phone at 24 px each (WCAG 2.5.8); the 15th day by its link. */
const SHOWN_DAYS = GUARDIAN_DAYS_BACK;

/**
 * `/family/children/{id}?day=YYYY-MM-DD`: a guardian's read-only view of a linked child (issue 36
 * §2, decision 0079): the day's categories, amounts, food circle and colour, the progress, streak,
 * team and badges. Every figure is before the stress check-in; nothing of stress is shown.
 */
export function ChildPage() {
  const { t } = useLingui();
  const childId = Number(useParams().id);
  const [search] = useSearchParams();
  const date = search.get('day') ?? undefined;
  const overview = useChildOverview(childId);
  const day = useChildDay(childId, date);

  if (overview.isPending || day.isPending) return <Spinner label={t`Loading the child's day...`} />;
  const error = overview.error ?? day.error;
  return (
    <>
      <Link
        to="/family"
        className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-accent-strong underline"
      >
        <ArrowLeft aria-hidden className="size-5" />
        <Trans>My children</Trans>
      </Link>
      {error && <ErrorBox messages={[errorText(error)]} />}
      {overview.isSuccess && day.isSuccess && <ChildView overview={overview.data} day={day.data} />}
    </>
  );
}

function ChildView({ overview, day }: { overview: ChildOverview; day: ChildDay }) {
  const { t } = useLingui();
  const { formatDayHeading, formatCount } = useFormats();
  const name = overview.child.first_name;
  const isToday = day.date === overview.today;
  const heading = formatDayHeading(day.date);
  // The day's activities hold no stress: the dashboard's own view, without the check-in.
  const view = useMemo(() => dashboardDay(day.activities, false), [day.activities]);
  const dayHref = (date: string) => `/family/children/${overview.child.id}?day=${date}`;
  const team = overview.team;
  const rank = formatCount(team?.rank ?? 0);
  const teams = formatCount(team?.num_teams ?? 0);
  const streak = formatCount(overview.streak_length);

  return (
    <>
      <BalanceSummary
        title={isToday ? t`${name}: today, ${heading}` : t`${name}: ${heading}`}
        balanceLabel={<Trans>Balance before the stress check-in</Trans>}
        today={isToday}
        theme={view.theme}
        balanceCents={view.balance}
        foodCents={view.food}
        foodLogged={view.foodLogged}
        stressCents={undefined}
        energyCents={view.energy}
      />
      <p className="text-slate-700">
        <Trans>
          Every balance and point on this page is before the stress check-in. How {name} rates their
          stress is theirs alone: it is not shown to anyone.
        </Trans>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {view.types.map((type) => (
          <CategoryCard key={type} type={type} activity={view.byType.get(type)} day="past" />
        ))}
      </div>
      <Card className="flex flex-col gap-6" aria-labelledby="child-progress-title">
        <h2 id="child-progress-title" className="text-xl font-bold">
          <Trans>{name}'s progress</Trans>
        </h2>
        <dl className="grid grid-cols-2 gap-2">
          <div className="flex flex-col items-center rounded-xl bg-emerald-50 px-2 py-3 text-center">
            <dt className="text-xs font-bold tracking-wide text-slate-600 uppercase">
              <Trans>Streak (days)</Trans>
            </dt>
            <dd className="text-2xl font-extrabold text-accent-strong tabular-nums">{streak}</dd>
          </div>
          <div className="flex flex-col items-center rounded-xl bg-emerald-50 px-2 py-3 text-center">
            <dt className="text-xs font-bold tracking-wide text-slate-600 uppercase">
              <Trans>Team</Trans>
            </dt>
            <dd className="font-bold">
              {team ? (
                <>
                  <span className="block">{team.name}</span>
                  <span className="block text-sm font-semibold text-slate-700">
                    <Trans>
                      Rank {rank} of {teams}
                    </Trans>
                  </span>
                </>
              ) : (
                <Trans>No team</Trans>
              )}
            </dd>
          </div>
        </dl>
        <OverallProgress snapshot={overview.progress} today={overview.today} />
        <BalanceChart
          balances={overview.energy_by_day}
          today={overview.today}
          days={SHOWN_DAYS}
          dayHref={dayHref}
        />
        <PreviousWeek snapshot={overview.progress} />
      </Card>
      <Card aria-labelledby="child-badges-title">
        <h2 id="child-badges-title" className="mb-3 text-xl font-bold">
          <Trans>{name}'s badges</Trans>
        </h2>
        <PersonalBadgesList badges={overview.badges} />
      </Card>
    </>
  );
}
