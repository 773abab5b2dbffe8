import {
  ACTIVITY_TITLES,
  type ActivityType,
  ROUTE_ACTIVITY_TYPES,
  type StressKey,
} from '@wellbank/domain';

export type RouteActivity = keyof typeof ROUTE_ACTIVITY_TYPES;

/** Menu and dashboard order (SPEC.md §2): stress first, then the entry pages in this order. */
export const MENU_ROUTES = Object.keys(ROUTE_ACTIVITY_TYPES) as readonly RouteActivity[];

/** The stress flow in its order, with each page's title (SPEC.md §2). */
export const STRESS_PAGES: readonly { kind: StressKey; title: string }[] = [
  { kind: 'people', title: 'Social' },
  { kind: 'money', title: 'Financial' },
  { kind: 'personal', title: 'Emotional/Mental' },
  { kind: 'clock', title: 'Time Management' },
  { kind: 'health', title: 'Physical' },
];

/** What each property counts, as a person reads it on a counter or a dashboard card. */
export const PROPERTY_LABELS: Record<ActivityType, Record<string, string>> = {
  sleep: { minutes: 'Time asleep' },
  water: {
    cups: 'Cups of water',
    fruit: 'Servings of fruit',
    vegetables: 'Servings of vegetables',
  },
  fitness: {
    vigorous_duration: 'Vigorous exercise',
    moderate_duration: 'Moderate exercise',
    piggy_bank: 'Savings used',
  },
  food: { green: 'Green foods', yellow: 'Yellow foods', red: 'Red foods and substances' },
  rest: { duration: 'Rest or mindfulness' },
  sunshine: { duration: 'Time in the sun' },
  cleanliness: { teeth: 'Brushed teeth', body: 'Showered or bathed', floss: 'Flossed' },
  stress: Object.fromEntries(STRESS_PAGES.map((p) => [p.kind, p.title])),
};

export function propertyLabel(type: string, key: string): string {
  return PROPERTY_LABELS[type as ActivityType]?.[key] ?? key.replaceAll('_', ' ');
}

export function activityTitle(type: string): string {
  return ACTIVITY_TITLES[type as ActivityType] ?? type.replaceAll('_', ' ');
}
