import { Trans, useLingui } from '@lingui/react/macro';
import { PAST_DAY_TEXTS } from '@wellbank/domain';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { BalanceSummary } from '@/components/day/balance-summary';
import { CategoryCard } from '@/components/day/category-card';
import { DayUnavailable } from '@/components/day/day-unavailable';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { useFormats } from '@/i18n/formats';
import { useDayActivities } from '@/lib/day/day-activities';
import { entryPath, readDayParam } from '@/lib/day/day-param';
import { dashboardDay, entryPagePath } from '@/lib/day/day-view';
import { useSchoolToday } from '@/lib/day/school-day';
import { useStressCheckInOn } from '@/lib/platform/session';

/**
 * /days/{YYYY-MM-DD} (issue #14): a day as the dashboard shows it, read from
 * GET /activities?date=. Inside the grace window (today, yesterday) each card opens its entry
 * page for that day; older days are read-only.
 */
export function DayPage() {
  const { formatDayHeading } = useFormats();
  const { date: param } = useParams();
  const { t, i18n } = useLingui();
  const today = useSchoolToday();
  const stressCheckIn = useStressCheckInOn();
  const day = today ? readDayParam(param, today) : undefined;
  const shown = day?.kind === 'day' ? day : undefined;
  const { activities, isPending } = useDayActivities(
    shown && !shown.isToday ? shown.date : undefined,
    Boolean(shown),
  );
  const view = useMemo(() => dashboardDay(activities, stressCheckIn), [activities, stressCheckIn]);

  if (!day) return <Spinner label={t`Loading the day...`} />;
  if (day.kind !== 'day') return <DayUnavailable reason={day.kind} />;
  if (isPending) return <Spinner label={t`Loading the day...`} />;

  const href = (type: string) => {
    const path = entryPagePath(type);
    return day.editable && path ? entryPath(path, day.date, today) : undefined;
  };

  const heading = formatDayHeading(day.date);
  const cardDay = day.isToday ? 'today' : day.editable ? 'editable' : 'past';

  return (
    <>
      <Link
        to="/progress"
        className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-accent-strong underline"
      >
        <ArrowLeft aria-hidden className="size-5" />
        <Trans>Progress</Trans>
      </Link>
      <BalanceSummary
        title={day.isToday ? t`Today, ${heading}` : heading}
        today={day.isToday}
        theme={view.theme}
        balanceCents={view.balance}
        foodCents={view.food}
        foodLogged={view.foodLogged}
        stressCents={stressCheckIn ? view.stress : undefined}
        energyCents={view.energy}
      />
      {day.editable ? (
        <p className="text-slate-700">
          {day.isToday ? (
            <Trans>Tap a card to log it.</Trans>
          ) : (
            <Trans>You can still change this day: tap a card.</Trans>
          )}
        </p>
      ) : (
        <StatusMessage tone="info">{i18n._(PAST_DAY_TEXTS.readOnlyDay)}</StatusMessage>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {view.types.map((type) => (
          <CategoryCard
            key={type}
            type={type}
            activity={view.byType.get(type)}
            href={href(type)}
            day={cardDay}
          />
        ))}
      </div>
    </>
  );
}
