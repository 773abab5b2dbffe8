import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, STRESS_KEYS } from './activities.ts';
import type { ScoredActivity } from './balance.ts';
import { addDays } from './dates.ts';
import { type DaySummary, summarizeDay } from './day-summary.ts';
import {
  type FamilyDay,
  familySummaryMail,
  familyWeekFigures,
  pointsBeforeStress,
} from './family-summary.ts';
import { speakerOf } from './i18n/server.ts';
import type { KeptStreakDay } from './streak.ts';

const MONDAY = '2026-11-16';
const NO_HOLIDAYS = new Set<string>();
const SEVEN = ACTIVITY_TYPES.filter((type) => type !== 'stress');

function familyDay(localDate: string, day: DaySummary): FamilyDay {
  return {
    localDate,
    energyCents: day.energyCents,
    isComplete: day.isComplete,
    streakLength: day.streakLength,
    restDays: day.restDays,
    streakPoints: day.streakPoints,
  };
}

/** Days from `start`, each summarised after the one before it, as the server keeps them. */
function summarise(start: string, days: readonly (readonly ScoredActivity[])[]): FamilyDay[] {
  let lastKept: KeptStreakDay | undefined;
  return days.map((activities, index) => {
    const date = addDays(start, index);
    const summary = summarizeDay(activities, { date, lastKept, holidays: NO_HOLIDAYS });
    lastKept = { ...summary, date };
    return familyDay(date, summary);
  });
}

const fullDay = (stressCents: number, rating = 3): ScoredActivity[] => [
  ...SEVEN.map((type) => ({ activity_type: type, total_cents: 100 })),
  {
    activity_type: 'stress',
    total_cents: stressCents,
    values: Object.fromEntries(STRESS_KEYS.map((key) => [key, rating])),
  },
];

describe('familyWeekFigures', () => {
  it('counts the week’s complete days, their points before stress, the streak and the target', () => {
    // The Sunday before the week, then Monday–Sunday: all complete but Wednesday.
    const days = summarise(addDays(MONDAY, -1), [
      fullDay(-300),
      fullDay(-200),
      fullDay(-500),
      [{ activity_type: 'sleep', total_cents: 100 }],
      fullDay(-100),
      fullDay(-400),
      fullDay(0, 1),
      fullDay(-250),
    ]);
    const figures = familyWeekFigures({
      weekStart: MONDAY,
      days,
      interval: { startDate: '2026-11-01', endDate: '2027-01-31', pointsNeeded: 3000 },
      holidays: NO_HOLIDAYS,
    });
    expect(figures.completeDays).toBe(6);
    // 7 × $1.00 energy = 70 day points a complete day. The streak counts school days only: 1, 2
    // (Monday, Tuesday), broken by Wednesday (sleep only, no rest day held), 1, 2 (Thursday,
    // Friday); the complete weekend neither grows it nor earns streak points.
    expect(figures.points).toBe(6 * 70 + 10 + 5 * (1 + 2 + 1 + 2));
    expect(figures.streak).toBe(2);
    expect(figures.target).toEqual({
      earned: figures.points + pointsBeforeStress(days[0] as FamilyDay),
      needed: 3000,
    });
    expect(figures.weekEnd).toBe('2026-11-22');
  });

  it('has no target without an active interval, and no streak when the school days missed break it', () => {
    const days = summarise(MONDAY, [fullDay(-100), fullDay(-100)]);
    const figures = familyWeekFigures({
      weekStart: MONDAY,
      days,
      interval: null,
      holidays: NO_HOLIDAYS,
    });
    expect(figures).toMatchObject({ completeDays: 2, streak: 0, target: null });
  });
});

describe('the family mail', () => {
  const figures = familyWeekFigures({
    weekStart: MONDAY,
    days: summarise(MONDAY, [fullDay(-437), fullDay(-437)]),
    interval: { startDate: '2026-11-01', endDate: '2027-01-31', pointsNeeded: 3000 },
    holidays: NO_HOLIDAYS,
  });
  const input = {
    guardianFirstName: 'Rosa',
    childFirstName: 'Ana',
    figures,
    familyUrl: 'https://app.test/family',
    unsubscribeUrl: 'https://app.test/unsubscribe?token=x',
  };

  it('tells the figures, the links, and never a stress amount or rating', () => {
    const mail = familySummaryMail(input);
    expect(mail.subject).toBe("Ana's week on Wellbank: 2 complete days");
    expect(mail.text).toContain('Hello Rosa,');
    expect(mail.text).toContain("Ana's week on Wellbank, 11/16/2026 to 11/22/2026:");
    expect(mail.text).toContain('Complete days: 2 of 7');
    expect(mail.text).toContain(`Points earned this week: ${figures.points}`);
    expect(mail.text).toContain('Streak: 0 complete days in a row');
    expect(mail.text).toContain(`Points toward the target: ${figures.points} of 3000`);
    expect(mail.text).toContain('https://app.test/family');
    expect(mail.text).toContain('https://app.test/unsubscribe?token=x');
    expect(mail.text).not.toMatch(/4\.37|437|44/);
  });

  it('speaks Spanish to a Spanish-speaking guardian', () => {
    const mail = familySummaryMail(input, speakerOf('es'));
    expect(mail.subject).toBe('La semana de Ana en Wellbank: 2 días completos');
    expect(mail.text).toContain('Hola, Rosa:');
    expect(mail.text).toContain('16/11/2026');
    expect(mail.text).toContain('Días completos: 2 de 7');
  });
});

/*
 * Whatever a child rates, the guardian's figures and mail are the same: any run of days, then the
 * same days with every stress total and every rating changed (a rating stays above 0 when it was,
 * so whether a day is complete stays as it was: that is the child's logging, not their stress).
 */
const rating = fc.integer({ min: 0, max: 5 });
const stressEntry = fc.record({
  activity_type: fc.constant('stress' as const),
  total_cents: fc.integer({ min: -2000, max: 0 }),
  values: fc.record(Object.fromEntries(STRESS_KEYS.map((key) => [key, rating]))),
});
const otherEntry = fc.record({
  activity_type: fc.constantFrom(...SEVEN),
  total_cents: fc.integer({ min: -300, max: 900 }),
});
const day = fc.uniqueArray(fc.oneof(otherEntry, otherEntry, stressEntry), {
  selector: (a) => a.activity_type,
  maxLength: 8,
});
const otherStress = fc.record({
  total_cents: fc.integer({ min: -2000, max: 0 }),
  ratings: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 5, maxLength: 5 }),
});

function restress(
  activities: readonly ScoredActivity[],
  change: { total_cents: number; ratings: number[] },
) {
  return activities.map((a) =>
    a.activity_type === 'stress'
      ? {
          ...a,
          total_cents: change.total_cents,
          values: Object.fromEntries(
            STRESS_KEYS.map((key, i) => [
              key,
              (a.values?.[key] ?? 0) > 0 ? (change.ratings[i] ?? 1) : 0,
            ]),
          ),
        }
      : a,
  );
}

describe('the family figures do not depend on stress (property)', () => {
  it('any days, any other stress: the same figures and the same mail', () => {
    fc.assert(
      fc.property(
        fc.array(day, { minLength: 1, maxLength: 21 }),
        fc.array(otherStress, { minLength: 21, maxLength: 21 }),
        fc.integer({ min: 0, max: 14 }),
        fc.constantFrom('en' as const, 'es' as const),
        (days, changes, offset, language) => {
          const start = addDays(MONDAY, -offset);
          const changed = days.map((activities, i) =>
            restress(activities, changes[i] ?? { total_cents: 0, ratings: [] }),
          );
          const interval = { startDate: start, endDate: '2027-01-31', pointsNeeded: 5000 };
          const before = familyWeekFigures({
            weekStart: MONDAY,
            days: summarise(start, days),
            interval,
            holidays: NO_HOLIDAYS,
          });
          const after = familyWeekFigures({
            weekStart: MONDAY,
            days: summarise(start, changed),
            interval,
            holidays: NO_HOLIDAYS,
          });
          expect(after).toEqual(before);
          const mail = (figures: typeof before) =>
            familySummaryMail(
              {
                guardianFirstName: 'R',
                childFirstName: 'A',
                figures,
                familyUrl: 'u',
                unsubscribeUrl: 'v',
              },
              speakerOf(language),
            );
          expect(mail(after)).toEqual(mail(before));
        },
      ),
    );
  });
});
