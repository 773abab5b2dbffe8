import { useLingui } from '@lingui/react/macro';
import { hasRole } from '@wellbank/domain';
import { lazy, Suspense, useMemo } from 'react';
import { Navigate } from 'react-router';
import { BalanceSummary } from '@/components/day/balance-summary';
import { CategoryCard } from '@/components/day/category-card';
import { ReadAloud } from '@/components/read-aloud';
import { Spinner } from '@/components/ui/spinner';
import { useTodayActivities } from '@/lib/day/day-activities';
import { dashboardDay, entryPagePath } from '@/lib/day/day-view';
import { useSession, useStressCheckInOn } from '@/lib/platform/session';
import { LogMenu } from '../components/log-menu';

/** Lazy: the badge, the class challenge and the streak load after the day (decision 0018). */
const DashboardExtras = lazy(async () => ({
  default: (await import('@/components/dashboard-extras')).DashboardExtras,
}));

export function DashboardPage() {
  const { t } = useLingui();
  const { activities, isPending } = useTodayActivities();
  const guardian = hasRole(useSession(), 'guardian');
  const stressCheckIn = useStressCheckInOn();

  const day = useMemo(() => dashboardDay(activities, stressCheckIn), [activities, stressCheckIn]);

  // A guardian logs nothing: their home is their children (decision 0075).
  if (guardian) return <Navigate to="/family" replace />;
  if (isPending) return <Spinner label={t`Loading your day...`} />;

  return (
    <>
      <ReadAloud />
      <Suspense fallback={null}>
        <DashboardExtras />
      </Suspense>
      <BalanceSummary
        theme={day.theme}
        balanceCents={day.balance}
        foodCents={day.food}
        foodLogged={day.foodLogged}
        stressCents={stressCheckIn ? day.stress : undefined}
        energyCents={day.energy}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {day.types.map((type) => (
          <CategoryCard
            key={type}
            type={type}
            activity={day.byType.get(type)}
            href={entryPagePath(type)}
          />
        ))}
      </div>
      <LogMenu state={day.menu} />
    </>
  );
}
