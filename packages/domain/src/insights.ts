import { z } from 'zod';
import { ACTIVITY_TYPES, type ActivityType } from './activities.ts';
import { type ColorCount, DAY_COLORS } from './colors.ts';
import { addDays } from './dates.ts';
import { lastClosedDay } from './day-window.ts';
import { centsToDollars, roundHalfAwayFromZero } from './money.ts';
import { colorCountSchema } from './school-wire.ts';

/**
 * School insights (issue 16 §4, decision 0032): aggregates of a school's students only. A figure
 * computed from fewer than this many students is never shown: it is answered as suppressed.
 */
export const MIN_INSIGHT_GROUP = 10;

/**
 * The insights cover the last four whole Monday-to-Sunday weeks whose days are all closed (no one
 * can change them any more, `lastClosedDay`): figures that never change once shown, and a window
 * that moves a whole week at a time, so no two reads differ by one child's day (decision 0043).
 */
const INSIGHTS_WEEKS = 4;
export const INSIGHTS_DAYS = INSIGHTS_WEEKS * 7;

/**
 * The categories whose weekly averages are shown. Stress is not one of them: a child's stress is
 * shown to nobody but that child, and a school average is left out too (decision 0032).
 */
export const INSIGHT_CATEGORIES = ACTIVITY_TYPES.filter(
  (type): type is Exclude<ActivityType, 'stress'> => type !== 'stress',
);
export type InsightCategory = (typeof INSIGHT_CATEGORIES)[number];

/**
 * The day's total of each non-stress category logged, in cents: kept on the day's summary
 * (`daily_summaries.category_cents`) so the weekly averages read one row per student and day.
 */
export function dayCategoryCents(
  activities: readonly { activity_type: ActivityType; total_cents: number }[],
): Partial<Record<InsightCategory, number>> {
  const cents: Partial<Record<InsightCategory, number>> = {};
  for (const activity of activities) {
    if (activity.activity_type !== 'stress') cents[activity.activity_type] = activity.total_cents;
  }
  return cents;
}

/** Why a figure is absent: the only reason is a group below MIN_INSIGHT_GROUP. */
export const SUPPRESSED_TOO_FEW = 'too_few_students' as const;

export const INSIGHTS_MESSAGES = {
  notEnoughStudents: /*i18n*/ 'Not enough students to show',
} as const;

export function schoolInsightsPath(schoolId: number): string {
  return `/schools/${schoolId}/insights`;
}

const suppressedSchema = z.literal(SUPPRESSED_TOO_FEW).nullable();

export const participationDaySchema = z.object({
  date: z.string(),
  /** How many students logged something that day; null when suppressed. */
  students_logged: z.number().int().nullable(),
  /** students_logged ÷ the school's students, 0–1 with 3 decimals; null when suppressed. */
  share: z.number().nullable(),
  suppressed: suppressedSchema,
});

export const categoryAverageSchema = z.object({
  activity_type: z.enum(INSIGHT_CATEGORIES),
  /** Dollars: the mean of the category's day totals logged that week; null when suppressed. */
  average: z.number().nullable(),
  suppressed: suppressedSchema,
});

export const insightWeekSchema = z.object({
  /** Monday. */
  start_date: z.string(),
  /** Sunday. */
  end_date: z.string(),
  /** Students who logged at least one day of the week; null when suppressed. */
  students: z.number().int().nullable(),
  /**
   * Dollars: the mean energy (the day's balance before stress: what its categories earned) of the
   * days logged that week; null when suppressed. Never the balance: it holds stress.
   */
  average_energy: z.number().nullable(),
  /** Days logged that week by the colour of their energy (SPEC.md §4); null when suppressed. */
  colors: colorCountSchema.nullable(),
  suppressed: suppressedSchema,
  categories: z.array(categoryAverageSchema),
});

/** GET /schools/{id}/insights. */
export const schoolInsightsSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  min_group_size: z.number().int(),
  /** The school's students today (the participation denominator). */
  student_count: z.number().int(),
  participation: z.array(participationDaySchema),
  weeks: z.array(insightWeekSchema),
});
export type ParticipationDay = z.infer<typeof participationDaySchema>;
export type InsightWeek = z.infer<typeof insightWeekSchema>;
export type SchoolInsights = z.infer<typeof schoolInsightsSchema>;

/** Students with at least one day logged, per date. */
export interface InsightDayRow {
  date: string;
  students: number;
}

/** One week's day summaries: distinct students, days logged, Σ energy, days per colour. */
export interface InsightWeekRow {
  weekStart: string;
  students: number;
  days: number;
  energyCents: number;
  colors: ColorCount;
}

/** One week's entries of one category: distinct students, entries and Σ of their totals. */
export interface InsightCategoryRow {
  weekStart: string;
  type: InsightCategory;
  students: number;
  entries: number;
  totalCents: number;
}

/** Monday of the week containing `isoDate`. */
export function weekStartOf(isoDate: string): string {
  const weekday = (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(isoDate, -weekday);
}

/**
 * The window when it is `today` at the school: the INSIGHTS_WEEKS Monday-to-Sunday weeks ending on
 * the last Sunday that is closed.
 */
export function insightsWindow(today: string) {
  const closed = lastClosedDay(today);
  const end = addDays(weekStartOf(addDays(closed, 1)), -1);
  const start = addDays(end, 1 - INSIGHTS_DAYS);
  const weeks = Array.from({ length: INSIGHTS_WEEKS }, (_, i) => {
    const monday = addDays(start, 7 * i);
    return { monday, start: monday, end: addDays(monday, 6) };
  });
  return { start, end, weeks };
}

/** Whether a figure computed from `students` students may be shown. */
export function isShowable(students: number): boolean {
  return students >= MIN_INSIGHT_GROUP;
}

const suppressedOr = <T>(students: number, figure: () => T) =>
  isShowable(students) ? { ...figure(), suppressed: null } : null;

function averageDollars(sumCents: number, entries: number): number {
  return centsToDollars(roundHalfAwayFromZero(sumCents / entries));
}

function participationDay(date: string, logged: number, studentCount: number): ParticipationDay {
  const shown = suppressedOr(studentCount, () => ({
    students_logged: logged,
    share: Math.round((logged / studentCount) * 1000) / 1000,
  }));
  return shown
    ? { date, ...shown }
    : { date, students_logged: null, share: null, suppressed: SUPPRESSED_TOO_FEW };
}

function categoryAverage(
  type: InsightCategory,
  row: InsightCategoryRow | undefined,
): InsightWeek['categories'][number] {
  const shown =
    row &&
    suppressedOr(row.students, () => ({ average: averageDollars(row.totalCents, row.entries) }));
  return shown
    ? { activity_type: type, ...shown }
    : { activity_type: type, average: null, suppressed: SUPPRESSED_TOO_FEW };
}

const EMPTY_WEEK = {
  students: null,
  average_energy: null,
  colors: null,
  suppressed: SUPPRESSED_TOO_FEW,
} as const;

/**
 * The insights answer from the aggregate rows the server read: every day and week of the window
 * present, and every figure from fewer than MIN_INSIGHT_GROUP students replaced by null with the
 * reason. Participation is a share of the whole student body, so it is shown whenever the school
 * has at least MIN_INSIGHT_GROUP students.
 */
export function shapeInsights(input: {
  today: string;
  studentCount: number;
  days: readonly InsightDayRow[];
  weeks: readonly InsightWeekRow[];
  categories: readonly InsightCategoryRow[];
}): SchoolInsights {
  const window = insightsWindow(input.today);
  const loggedOn = new Map(input.days.map((row) => [row.date, row.students]));
  const participation = Array.from({ length: INSIGHTS_DAYS }, (_, i) => {
    const date = addDays(window.start, i);
    return participationDay(date, loggedOn.get(date) ?? 0, input.studentCount);
  });
  const weekRows = new Map(input.weeks.map((row) => [row.weekStart, row]));
  const categoryRows = new Map(
    input.categories.map((row) => [`${row.weekStart} ${row.type}`, row]),
  );
  const weeks = window.weeks.map((week): InsightWeek => {
    const row = weekRows.get(week.monday);
    const shown =
      row &&
      suppressedOr(row.students, () => ({
        students: row.students,
        average_energy: averageDollars(row.energyCents, row.days),
        colors: Object.fromEntries(DAY_COLORS.map((c) => [c, row.colors[c]])) as ColorCount,
      }));
    return {
      start_date: week.start,
      end_date: week.end,
      ...(shown ?? EMPTY_WEEK),
      categories: INSIGHT_CATEGORIES.map((type) =>
        categoryAverage(type, categoryRows.get(`${week.monday} ${type}`)),
      ),
    };
  });
  return {
    start_date: window.start,
    end_date: window.end,
    min_group_size: MIN_INSIGHT_GROUP,
    student_count: input.studentCount,
    participation,
    weeks,
  };
}
