import type { ActivityType } from './activities.ts';

/**
 * Class challenges (issue 37 §2, decision 0084): staff start a week-long goal for a homeroom or a
 * grade over one category, never stress; the class shares one meter, the sum over its logged
 * days, and nobody's share of it is shown.
 */

export const CLASS_CHALLENGE_KINDS = ['water_cups', 'sleep_nights', 'active_days'] as const;
export type ClassChallengeKind = (typeof CLASS_CHALLENGE_KINDS)[number];

/** A category a challenge may count: any but stress, by type. */
export type ChallengeCategory = Exclude<ActivityType, 'stress'>;

/** Nine hours of sleep (SPEC.md's "Try to get 9 hours of sleep!"), in minutes. */
export const SLEEP_GOAL_MINUTES = 9 * 60;
/** An active day: at least this many minutes of moderate or vigorous activity. */
export const ACTIVE_DAY_MINUTES = 30;
/** A challenge lasts a week: the day it starts and the six after. */
export const CLASS_CHALLENGE_DAYS = 7;
export const CLASS_CHALLENGE_MAX_TARGET = 10_000;
/**
 * The fewest students a challenge's class has: with two, a child could subtract their own share
 * from the total and read the other's.
 */
export const CLASS_CHALLENGE_MIN_STUDENTS = 3;

interface KindRule {
  /** The one category whose logged days the meter reads. */
  category: ChallengeCategory;
  /** What one logged day of that category adds to the meter (a whole number, never negative). */
  dayAmount: (properties: Readonly<Record<string, number>>) => number;
  /** The goal the staff form offers first. */
  defaultTarget: number;
}

const count = (value: number | undefined) =>
  Number.isFinite(value) && (value ?? 0) > 0 ? Math.floor(value ?? 0) : 0;

export const CLASS_CHALLENGE_RULES: Readonly<Record<ClassChallengeKind, KindRule>> = {
  water_cups: {
    category: 'water',
    dayAmount: (p) => count(p.cups),
    defaultTarget: 100,
  },
  sleep_nights: {
    category: 'sleep',
    dayAmount: (p) => (count(p.minutes) >= SLEEP_GOAL_MINUTES ? 1 : 0),
    defaultTarget: 60,
  },
  active_days: {
    category: 'fitness',
    dayAmount: (p) =>
      count(p.moderate_duration) + count(p.vigorous_duration) >= ACTIVE_DAY_MINUTES ? 1 : 0,
    defaultTarget: 60,
  },
};

/** One logged day of one student: its category and the values logged. */
export interface LoggedDay {
  category: ActivityType;
  properties: Readonly<Record<string, number>>;
}

/**
 * The class meter: the sum over the class's logged days of what each adds. Only the kind's own
 * category counts; any other, stress above all, adds nothing and is never read.
 */
export function challengeMeter(kind: ClassChallengeKind, days: readonly LoggedDay[]): number {
  const rule = CLASS_CHALLENGE_RULES[kind];
  let total = 0;
  for (const day of days) {
    if (day.category === rule.category) total += rule.dayAmount(day.properties);
  }
  return total;
}

/** The meter's fill, 0 to 1. */
export function challengeProgress(total: number, target: number): number {
  return target > 0 ? Math.min(1, Math.max(0, total / target)) : 0;
}

export const CLASS_CHALLENGE_TITLES: Record<ClassChallengeKind, string> = {
  water_cups: /*i18n*/ 'Water week: cups of water together',
  sleep_nights: /*i18n*/ 'Sleep week: nights of 9 hours together',
  active_days: /*i18n*/ 'Active week: active days together',
};

export const CLASS_CHALLENGE_MESSAGES = {
  oneRunning: /*i18n*/ 'This class already has a challenge running. End it first.',
  noStudents: /*i18n*/ 'A challenge needs a class of at least 3 students of this school.',
  target: /*i18n*/ 'The goal must be a whole number from 1 to 10000.',
  className: /*i18n*/ 'Pick a homeroom or a grade.',
} as const;

export const CLASS_SCOPES = ['homeroom', 'grade'] as const;
export type ClassScope = (typeof CLASS_SCOPES)[number];

export const CLASS_CHALLENGE_STATUSES = ['running', 'ended_early', 'finished'] as const;
export type ClassChallengeStatus = (typeof CLASS_CHALLENGE_STATUSES)[number];

/** A challenge's status on `today` (the school's date). */
export function challengeStatus(
  challenge: { endsOn: string; endedEarly: boolean },
  today: string,
): ClassChallengeStatus {
  if (challenge.endedEarly) return 'ended_early';
  return today > challenge.endsOn ? 'finished' : 'running';
}
