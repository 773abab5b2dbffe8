import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { BalanceSummary } from '@/components/day/balance-summary';
import { CategoryCard } from '@/components/day/category-card';
import { ReadAloud } from '@/components/read-aloud';
import { Spinner } from '@/components/ui/spinner';
import { useTodayActivities } from '@/lib/day/day-activities';
import { dashboardDay, entryPagePath } from '@/lib/day/day-view';
import { LogMenu } from '../components/log-menu';

export function DashboardPage() {
  const { t } = useLingui();
  const { activities, isPending } = useTodayActivities();

  const day = useMemo(() => dashboardDay(activities), [activities]);

  if (isPending) return <Spinner label={t`Loading your day...`} />;

  return (
    <>
      <ReadAloud />
      <BalanceSummary
        theme={day.theme}
        balanceCents={day.balance}
        foodCents={day.food}
        foodLogged={day.foodLogged}
        stressCents={day.stress}
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
