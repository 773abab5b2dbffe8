import { useMemo } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useTodayActivities } from '@/lib/activities';
import { BalanceSummary } from '../components/balance-summary';
import { CategoryCard } from '../components/category-card';
import { LogMenu } from '../components/log-menu';
import { dashboardDay } from '../dashboard-day';

export function DashboardPage() {
  const { activities, isPending } = useTodayActivities();

  const day = useMemo(() => dashboardDay(activities), [activities]);

  if (isPending) return <Spinner label="Loading your day..." />;

  return (
    <>
      <BalanceSummary
        theme={day.theme}
        balanceCents={day.balance}
        foodCents={day.food}
        foodLogged={day.foodLogged}
        stressCents={day.stress}
        energyCents={day.energy}
      />
      <div className="grid gap-3 pb-16 sm:grid-cols-2">
        {day.types.map((type) => (
          <CategoryCard key={type} type={type} activity={day.byType.get(type)} />
        ))}
      </div>
      <LogMenu state={day.menu} />
    </>
  );
}
