import {
  ACTIVITY_TYPES,
  type Activity,
  type ActivityType,
  countedActivities,
  dailyBalanceCents,
  dayCategories,
  dollarsToCents,
  energyCents,
  isDayComplete,
  isStressComplete,
  ROUTE_ACTIVITY_TYPES,
  STRESS_KEYS,
  stressCents,
  type ThemeColor,
  themeColor,
} from '@wellbank/domain';
import { toScored, valuesOf } from './day-activities';

export interface MenuState {
  /** Activity types logged that day (stress counts only when all five ratings are set). */
  done: ReadonlySet<string>;
  /** Stress ratings above 0, by key. */
  ratedStress: ReadonlySet<string>;
  dayComplete: boolean;
  /** Off for the person (decision 0073): the menu has no Stress entry. */
  stressCheckIn: boolean;
}

/** Known categories in menu order, then anything the server knows and this page does not. */
const ORDER: readonly string[] = ['stress', ...ACTIVITY_TYPES.filter((t) => t !== 'stress')];

const ROUTE_OF_TYPE = new Map<string, string>(
  Object.entries(ROUTE_ACTIVITY_TYPES).map(([route, type]) => [type, route]),
);

/** The entry page of a category (its first stress page for stress); undefined when unknown. */
export function entryPagePath(type: ActivityType | string): string | undefined {
  if (type === 'stress') return '/stress/people';
  const route = ROUTE_OF_TYPE.get(type);
  return route ? `/activities/${route}` : undefined;
}

export interface DashboardDay {
  byType: ReadonlyMap<string, Activity>;
  menu: MenuState;
  theme: ThemeColor;
  balance: number;
  energy: number;
  stress: number;
  food: number;
  foodLogged: boolean;
  /** The category cards, in order. */
  types: readonly string[];
}

/**
 * What the dashboard shows for a day's activities (SPEC.md §4; a past day's page the same): the balance and its parts in
 * cents, the theme, the food circle, the log menu's marks and the cards' order. Stress counts as
 * done only when all five ratings are set. With the stress check-in off for the person (decision
 * 0073) stress is in no figure, card or mark, and the 7 other categories make the day complete.
 */
export function dashboardDay(
  allActivities: readonly Activity[],
  stressCheckIn: boolean,
): DashboardDay {
  const activities = countedActivities(allActivities, stressCheckIn);
  const scored = toScored(activities);
  const byType = new Map<string, Activity>(activities.map((a) => [a.activity_type, a]));
  const stress = valuesOf(byType.get('stress'));
  const done = new Set(activities.map((a) => a.activity_type));
  if (!isStressComplete(stress)) done.delete('stress');
  const food = byType.get('food');
  const balance = dailyBalanceCents(scored);
  return {
    byType,
    menu: {
      done,
      ratedStress: new Set(STRESS_KEYS.filter((k) => (stress[k] ?? 0) > 0)),
      dayComplete: isDayComplete(scored, dayCategories(stressCheckIn)),
      stressCheckIn,
    },
    theme: themeColor(balance, activities.length > 0),
    balance,
    energy: energyCents(scored),
    stress: stressCents(scored),
    food: food ? dollarsToCents(food.total) : 0,
    foodLogged: Boolean(food),
    types: [...ORDER, ...[...byType.keys()].filter((t) => !ORDER.includes(t))].filter(
      (type) => stressCheckIn || type !== 'stress',
    ),
  };
}
