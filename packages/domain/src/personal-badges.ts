import { SCORING } from './activities.ts';
import { dayColor } from './colors.ts';
import { addDays, previousWeek } from './dates.ts';

/*
 * Personal badges (issue 37 §3, decision 0078): a child earns each once, against their own past,
 * never against anyone else. They read only a day's energy (the balance before stress) and its
 * non-stress categories, so no badge says anything about stress.
 */

export const PERSONAL_BADGES = [
  'first_complete_day',
  'five_day_streak',
  'green_week',
  'better_week',
  'sleep_week',
] as const;
export type PersonalBadge = (typeof PERSONAL_BADGES)[number];

/** A streak this long earns `five_day_streak`. */
export const BADGE_STREAK_DAYS = 5;
/** Green days (light or dark green energy) in one Monday-to-Sunday week for `green_week`. */
export const BADGE_GREEN_DAYS_IN_WEEK = 5;

/** What a badge needs to know of one stored day (daily_summaries). */
export interface BadgeDay {
  localDate: string;
  isComplete: boolean;
  streakLength: number;
  energyCents: number;
  /** The day's sleep total, or undefined when sleep was not logged. */
  sleepCents: number | undefined;
}

export interface EarnedBadge {
  badge: PersonalBadge;
  /** The first day the badge's condition held. */
  earnedOn: string;
}

const isGreen = (day: BadgeDay) => dayColor(day.energyCents).endsWith('_green');
/** The night's sleep reached the amount that earns sleep's most (SPEC.md §9). */
const metSleepGoal = (day: BadgeDay) =>
  day.sleepCents !== undefined && day.sleepCents >= SCORING.sleep.maxCents;

const mondayOf = (isoDate: string) => addDays(previousWeek(isoDate).end, 1);

/**
 * Every badge the days earn, each with the first day it was earned. `today` keeps a week from
 * counting as finished before its Sunday has passed (`better_week` compares finished weeks).
 */
export function earnedPersonalBadges(days: readonly BadgeDay[], today: string): EarnedBadge[] {
  const sorted = [...days].sort((a, b) => a.localDate.localeCompare(b.localDate));
  const firstDay = (holds: (day: BadgeDay, index: number) => boolean) =>
    sorted.find(holds)?.localDate;
  const weeks = groupByWeek(sorted);
  const earned: Record<PersonalBadge, string | undefined> = {
    first_complete_day: firstDay((day) => day.isComplete),
    five_day_streak: firstDay((day) => day.streakLength >= BADGE_STREAK_DAYS),
    green_week: firstDayReaching(weeks, isGreen, BADGE_GREEN_DAYS_IN_WEEK),
    sleep_week: firstDayReaching(weeks, metSleepGoal, 7),
    better_week: firstBetterWeek(weeks, today),
  };
  return PERSONAL_BADGES.flatMap((badge) => {
    const earnedOn = earned[badge];
    return earnedOn ? [{ badge, earnedOn }] : [];
  });
}

function groupByWeek(sorted: readonly BadgeDay[]): Map<string, BadgeDay[]> {
  const weeks = new Map<string, BadgeDay[]>();
  for (const day of sorted) {
    const monday = mondayOf(day.localDate);
    weeks.set(monday, [...(weeks.get(monday) ?? []), day]);
  }
  return weeks;
}

/** The first day on which some week had `count` days for which `holds`. */
function firstDayReaching(
  weeks: Map<string, BadgeDay[]>,
  holds: (day: BadgeDay) => boolean,
  count: number,
): string | undefined {
  for (const days of weeks.values()) {
    const matching = days.filter(holds);
    if (matching.length >= count) return matching[count - 1]?.localDate;
  }
  return undefined;
}

/**
 * The Sunday of the first finished week whose energy beat the finished week just before it, both
 * with something logged: better than yourself last week, whatever anyone else did.
 */
function firstBetterWeek(weeks: Map<string, BadgeDay[]>, today: string): string | undefined {
  const energyOf = (monday: string) =>
    weeks.get(monday)?.reduce((sum, day) => sum + day.energyCents, 0);
  for (const monday of weeks.keys()) {
    const sunday = addDays(monday, 6);
    if (sunday >= today) continue;
    const before = energyOf(addDays(monday, -7));
    const after = energyOf(monday);
    if (before !== undefined && after !== undefined && after > before) return sunday;
  }
  return undefined;
}

/** Each badge's name and what earns it, as the profile shows them. */
export const PERSONAL_BADGE_TEXTS: Readonly<
  Record<PersonalBadge, { name: string; howToEarn: string }>
> = {
  first_complete_day: {
    name: /*i18n*/ 'First full day',
    howToEarn: /*i18n*/ 'Log every category in one day.',
  },
  five_day_streak: {
    name: /*i18n*/ 'Five in a row',
    howToEarn: /*i18n*/ 'Have a streak of 5 full days.',
  },
  green_week: {
    name: /*i18n*/ 'Green week',
    howToEarn: /*i18n*/ 'Have 5 green days in one week (Monday to Sunday).',
  },
  better_week: {
    name: /*i18n*/ 'Better than last week',
    howToEarn: /*i18n*/ 'Earn more in a week than you did the week before.',
  },
  sleep_week: {
    name: /*i18n*/ 'Sleep champion',
    howToEarn: /*i18n*/ 'Sleep enough to earn the most for sleep every night of a week.',
  },
};
