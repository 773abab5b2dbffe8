import { z } from 'zod';
import { dayPoints } from './balance.ts';
import { isoToLocalDate } from './date-formats.ts';
import { addDays } from './dates.ts';
import { ENGLISH, type Speaker, textTemplate } from './i18n/texts.ts';
import { HELLO, type MailText } from './mails.ts';
import { type Holidays, streakBefore } from './streak.ts';

/**
 * The family's weekly e-mail (issue 36 §2, decision 0080): each guardian, about each linked
 * child, once a week, in the guardian's language. Its figures are computed from what a day holds
 * apart from stress (the energy, whether it was complete, its streak), never from a balance or
 * points that count stress: a guardian must not learn a child's stress, not even by subtracting.
 */

/** Monday 07:00 in the child's school's time zone, about the Monday–Sunday week just ended. */
export const FAMILY_SUMMARY = { weekday: 0, minute: 7 * 60 } as const;

/** What a child's day says, without its stress: one `daily_summaries` row's stress-free columns. */
export interface FamilyDay {
  /** YYYY-MM-DD, school-local. */
  localDate: string;
  /** Σ non-stress totals (the balance before stress). */
  energyCents: number;
  isComplete: boolean;
  streakLength: number;
  restDays: number;
  streakPoints: number;
}

export interface FamilyWeekFigures {
  /** The week's Monday and Sunday. */
  weekStart: string;
  weekEnd: string;
  completeDays: number;
  /** Points of the week's days, their stress left out. */
  points: number;
  /** The streak held at the end of the week's Sunday (decision 0082). */
  streak: number;
  /** The active interval's points so far (stress left out) and its target; null without one. */
  target: { earned: number; needed: number } | null;
}

/** A day's points before stress: its energy's day points and its streak points. */
export function pointsBeforeStress(day: Pick<FamilyDay, 'energyCents' | 'streakPoints'>): number {
  return dayPoints(day.energyCents) + day.streakPoints;
}

/**
 * The week's figures from the child's days (any days: those outside the week and the interval are
 * left out). Only `FamilyDay`'s fields are read, so no figure can depend on a stress rating.
 */
export function familyWeekFigures(input: {
  weekStart: string;
  /** The child's days: the week's, the interval's, and the last one kept up to the week's end. */
  days: readonly FamilyDay[];
  interval: { startDate: string; endDate: string; pointsNeeded: number } | null;
  /** The school's holidays after the last day kept before the week's end, through its Sunday. */
  holidays: Holidays;
}): FamilyWeekFigures {
  const weekStart = input.weekStart;
  const weekEnd = addDays(weekStart, 6);
  const week = input.days.filter((d) => d.localDate >= weekStart && d.localDate <= weekEnd);
  const lastKept = input.days
    .filter((d) => d.localDate <= weekEnd)
    .reduce<FamilyDay | undefined>(
      (last, d) => (last && last.localDate > d.localDate ? last : d),
      undefined,
    );
  const { interval } = input;
  const target = interval
    ? {
        earned: input.days
          .filter((d) => d.localDate >= interval.startDate && d.localDate <= interval.endDate)
          .filter((d) => d.localDate <= weekEnd)
          .reduce((sum, d) => sum + pointsBeforeStress(d), 0),
        needed: interval.pointsNeeded,
      }
    : null;
  return {
    weekStart,
    weekEnd,
    completeDays: week.filter((d) => d.isComplete).length,
    points: week.reduce((sum, d) => sum + pointsBeforeStress(d), 0),
    streak: streakBefore(
      lastKept && { ...lastKept, date: lastKept.localDate },
      addDays(weekEnd, 1),
      input.holidays,
    ).streakLength,
    target,
  };
}

export const FAMILY_SUMMARY_MESSAGES = {
  settingLabel: /*i18n*/ 'A weekly e-mail about my children, on Monday morning',
  settingHint:
    /*i18n*/ 'Complete days, points, streak and progress toward the target. Never the stress check-in.',
  unsubscribeQuestion: /*i18n*/ 'Turn off the weekly e-mail about your children?',
  unsubscribed:
    /*i18n*/ 'The weekly e-mail about your children is off. You can turn it on again on your family page.',
  guardiansOnly: /*i18n*/ 'Only a family account gets the weekly e-mail about children.',
} as const;

/** `GET`/`PUT /family/weekly-email`: whether the guardian gets the weekly e-mail. */
export const familySummarySettingSchema = z.strictObject({ enabled: z.boolean() });
export type FamilySummarySetting = z.infer<typeof familySummarySettingSchema>;

const SUBJECT = textTemplate(
  /*i18n*/ "{child}'s week on Wellbank: {days, plural, one {# complete day} other {# complete days}}",
  { days: 'number' },
);
const INTRO = textTemplate(/*i18n*/ "{child}'s week on Wellbank, {from} to {to}:");
const COMPLETE_DAYS = textTemplate(/*i18n*/ 'Complete days: {days} of 7', { days: 'number' });
const POINTS = textTemplate(/*i18n*/ 'Points earned this week: {points}', { points: 'number' });
const STREAK = textTemplate(
  /*i18n*/ 'Streak: {days, plural, one {# complete day} other {# complete days}} in a row',
  { days: 'number' },
);
const TARGET = textTemplate(/*i18n*/ 'Points toward the target: {earned} of {needed}', {
  earned: 'number',
  needed: 'number',
});
const NO_STRESS = textTemplate(
  /*i18n*/ "These points leave out the stress check-in: {child}'s answers are seen by {child} alone.",
);

/** The e-mail to one guardian about one child, in the guardian's language. */
export function familySummaryMail(
  input: {
    guardianFirstName: string;
    childFirstName: string;
    figures: FamilyWeekFigures;
    familyUrl: string;
    unsubscribeUrl: string;
  },
  s: Speaker = ENGLISH,
): MailText {
  const f = input.figures;
  const child = input.childFirstName;
  const date = (iso: string) => isoToLocalDate(iso, s.language);
  const target = f.target
    ? [s.t(TARGET, { earned: f.target.earned, needed: f.target.needed })]
    : [];
  return {
    subject: s.t(SUBJECT, { child, days: f.completeDays }),
    text: [
      s.t(HELLO, { firstName: input.guardianFirstName }),
      '',
      s.t(INTRO, { child, from: date(f.weekStart), to: date(f.weekEnd) }),
      s.t(COMPLETE_DAYS, { days: f.completeDays }),
      s.t(POINTS, { points: f.points }),
      s.t(STREAK, { days: f.streak }),
      ...target,
      '',
      s.t(NO_STRESS, { child }),
      '',
      s.t(/*i18n*/ 'Your family page on Wellbank:'),
      input.familyUrl,
      '',
      s.t(/*i18n*/ 'Turn off these weekly e-mails (no sign-in needed):'),
      input.unsubscribeUrl,
    ].join('\n'),
  };
}
