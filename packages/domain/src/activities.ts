import { roundHalfAwayFromZero } from './money.ts';

export const ACTIVITY_TYPES = [
  'sleep',
  'water',
  'fitness',
  'food',
  'rest',
  'sunshine',
  'cleanliness',
  'stress',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The category names of the dashboard menu (SPEC.md §2), by activity type. */
export const ACTIVITY_TITLES: Record<ActivityType, string> = {
  stress: /*i18n*/ 'Stress',
  sleep: /*i18n*/ 'Sleep',
  water: /*i18n*/ 'Water',
  fitness: /*i18n*/ 'Physical Activity',
  food: /*i18n*/ 'Food/Substance',
  rest: /*i18n*/ 'Rest/Mindfulness',
  sunshine: /*i18n*/ 'Sunshine',
  cleanliness: /*i18n*/ 'Hygiene',
};

export const STRESS_KEYS = ['people', 'money', 'personal', 'clock', 'health'] as const;
export type StressKey = (typeof STRESS_KEYS)[number];
export const STRESS_MAX_RATING = 5;

interface ScoringRule {
  /** Cents earned (or lost) per unit of each property. */
  unitCents: Readonly<Record<string, number>>;
  startCents: number;
  minCents: number;
  maxCents: number;
  /** What the dashboard shows as "$N max" (fitness shows max_score 4, not its clamp of 6). */
  dashboardMaxCents: number;
}

/** SPEC.md §9 scoring table, in cents. Stress is scored separately (DESIGN.md §1.2). */
export const SCORING: Readonly<Record<Exclude<ActivityType, 'stress'>, ScoringRule>> = {
  fitness: {
    unitCents: { vigorous_duration: 25, moderate_duration: 5, piggy_bank: 400 },
    startCents: 0,
    minCents: 0,
    maxCents: 600,
    dashboardMaxCents: 400,
  },
  rest: {
    unitCents: { duration: 12.5 },
    startCents: 0,
    minCents: 0,
    maxCents: 200,
    dashboardMaxCents: 200,
  },
  sunshine: {
    unitCents: { duration: 12.5 },
    startCents: 0,
    minCents: 0,
    maxCents: 200,
    dashboardMaxCents: 200,
  },
  sleep: {
    unitCents: { minutes: 100 / 120 },
    startCents: -50,
    minCents: 0,
    maxCents: 400,
    dashboardMaxCents: 400,
  },
  water: {
    unitCents: { cups: 50, fruit: 50, vegetables: 50 },
    startCents: 0,
    minCents: 0,
    maxCents: 400,
    dashboardMaxCents: 400,
  },
  food: {
    unitCents: { green: 25, yellow: -25, red: -50 },
    startCents: 0,
    minCents: -400,
    maxCents: 400,
    dashboardMaxCents: 400,
  },
  cleanliness: {
    unitCents: { teeth: 50, body: 50, floss: 50 },
    startCents: 0,
    minCents: 0,
    maxCents: 200,
    dashboardMaxCents: 200,
  },
};

/** Each stress rating r (1 calm … 5 most stressed) costs 25 × (r − 1) cents; 0 is unset. */
export const STRESS_CENTS_PER_STEP = 25;

export const PROPERTY_KEYS: Readonly<Record<ActivityType, readonly string[]>> = {
  fitness: Object.keys(SCORING.fitness.unitCents),
  rest: Object.keys(SCORING.rest.unitCents),
  sunshine: Object.keys(SCORING.sunshine.unitCents),
  sleep: Object.keys(SCORING.sleep.unitCents),
  water: Object.keys(SCORING.water.unitCents),
  food: Object.keys(SCORING.food.unitCents),
  cleanliness: Object.keys(SCORING.cleanliness.unitCents),
  stress: STRESS_KEYS,
};

/** The default "$N max" for a category the dashboard does not know (SPEC.md §9). */
export const UNKNOWN_CATEGORY_MAX_CENTS = 10_000;

export type PropertyValues = Readonly<Record<string, number>>;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function stressRatingCents(rating: number): number {
  // (1 − r), not −(r − 1): the calm rating must cost 0, not −0, which prints as "-$0.00".
  return rating > 0 ? STRESS_CENTS_PER_STEP * (1 - rating) : 0;
}

/** What one property contributes before clamping, in cents. */
export function propertyTotalCents(type: ActivityType, key: string, value: number): number {
  if (type === 'stress') return stressRatingCents(value);
  return roundHalfAwayFromZero((SCORING[type].unitCents[key] ?? 0) * value);
}

/** total = start + Σ(unit × value), clamped to [min, max] (SPEC.md §9, DESIGN.md §1.2). */
export function activityTotalCents(type: ActivityType, values: PropertyValues): number {
  if (type === 'stress') {
    return STRESS_KEYS.reduce((sum, key) => sum + stressRatingCents(values[key] ?? 0), 0);
  }
  const rule = SCORING[type];
  const raw = Object.entries(rule.unitCents).reduce(
    (sum, [key, unit]) => sum + unit * (values[key] ?? 0),
    rule.startCents,
  );
  return clamp(roundHalfAwayFromZero(raw), rule.minCents, rule.maxCents);
}

export function dashboardMaxCents(type: string): number {
  if (type === 'stress') return 0;
  return type in SCORING
    ? SCORING[type as keyof typeof SCORING].dashboardMaxCents
    : UNKNOWN_CATEGORY_MAX_CENTS;
}

/** Exercise earnings alone (before clamping) that earn a piggy bank for the day (DESIGN.md §1.3). */
export const PIGGY_BANK_THRESHOLD_CENTS = 800;

export function exerciseEarningsCents(values: PropertyValues): number {
  const units = SCORING.fitness.unitCents;
  return (
    (units.vigorous_duration ?? 0) * (values.vigorous_duration ?? 0) +
    (units.moderate_duration ?? 0) * (values.moderate_duration ?? 0)
  );
}

export function earnsPiggyBank(values: PropertyValues): boolean {
  return exerciseEarningsCents(values) >= PIGGY_BANK_THRESHOLD_CENTS;
}

/**
 * Web routes, in the menu's order (SPEC.md §2); route "hygiene" is activity type "cleanliness"
 * (DESIGN.md §1.2).
 */
export const ROUTE_ACTIVITY_TYPES = {
  sleep: 'sleep',
  water: 'water',
  fitness: 'fitness',
  food: 'food',
  rest: 'rest',
  sunshine: 'sunshine',
  hygiene: 'cleanliness',
} as const satisfies Record<string, ActivityType>;

export function isActivityType(value: string): value is ActivityType {
  return (ACTIVITY_TYPES as readonly string[]).includes(value);
}
