import {
  ACTIVITY_TYPES,
  type Activity,
  dailyBalanceCents,
  dollarsToCents,
  energyCents,
  isDayComplete,
  isStressComplete,
  STRESS_KEYS,
  stressCents,
  themeColor,
} from '@wellbank/domain';
import { useMemo } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { toScored, useTodayActivities, valuesOf } from '@/lib/activities';
import { BalanceSummary } from '../components/balance-summary';
import { CategoryCard } from '../components/category-card';
import { LogMenu, type MenuState } from '../components/log-menu';

/** Known categories in menu order, then anything the server knows and this page does not. */
const ORDER: readonly string[] = ['stress', ...ACTIVITY_TYPES.filter((t) => t !== 'stress')];

export function DashboardPage() {
  const { activities, isPending } = useTodayActivities();

  const day = useMemo(() => {
    const scored = toScored(activities);
    const byType = new Map<string, Activity>(activities.map((a) => [a.activity_type, a]));
    const stress = valuesOf(byType.get('stress'));
    const done = new Set(activities.map((a) => a.activity_type));
    if (!isStressComplete(stress)) done.delete('stress');
    const menu: MenuState = {
      done,
      ratedStress: new Set(STRESS_KEYS.filter((k) => (stress[k] ?? 0) > 0)),
      dayComplete: isDayComplete(scored),
    };
    const food = byType.get('food');
    return {
      byType,
      menu,
      balance: dailyBalanceCents(scored),
      energy: energyCents(scored),
      stress: stressCents(scored),
      food: food ? dollarsToCents(food.total) : 0,
      foodLogged: Boolean(food),
      types: [...ORDER, ...[...byType.keys()].filter((t) => !ORDER.includes(t))],
    };
  }, [activities]);

  if (isPending) return <Spinner label="Loading your day..." />;

  return (
    <>
      <BalanceSummary
        theme={themeColor(day.balance, activities.length > 0)}
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
