import { z } from 'zod';
import { semesterSchema } from './schemas.ts';
import { semesterRecordSchema } from './school-wire.ts';

/**
 * The year-end rollover (issue 35 "The year turns", decision 0069): the active interval closes,
 * students move up a grade, the students of the school's last grade leave, teams keep or get back
 * their default names, and the next year's first interval opens, in one transaction.
 */

/** Grades in school order, as roster imports and Staff & students store them (decision 0030). */
export const GRADE_ORDER = [
  'PK',
  'K',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
] as const;

const gradeIndex = (grade: string) => (GRADE_ORDER as readonly string[]).indexOf(grade);

/** The grade after `grade`, undefined for 12th and for a value that is no grade. */
export function nextGrade(grade: string): string | undefined {
  const index = gradeIndex(grade);
  return index < 0 ? undefined : GRADE_ORDER[index + 1];
}

/**
 * The school's last grade unless the coordinator names another: the highest grade any of its
 * students has (12th for a high school, 5th for a K–5 school), undefined with no graded student.
 */
export function highestGrade(grades: readonly string[]): string | undefined {
  let best = -1;
  for (const grade of grades) best = Math.max(best, gradeIndex(grade));
  return best < 0 ? undefined : GRADE_ORDER[best];
}

/** Students of the last grade and above leave; every lower grade moves up one. */
export function isLeavingGrade(grade: string, lastGrade: string): boolean {
  const index = gradeIndex(grade);
  return index >= 0 && index >= gradeIndex(lastGrade);
}

/** Days a leaving student keeps their account to download their data (docs/privacy.md). */
export const LEAVING_GRACE_DAYS = 30;

export const TEAM_CHOICES = ['keep', 'reset'] as const;
export const LEAVING_CHOICES = ['delete_now', 'export_first'] as const;

export const yearEndRolloverSchema = z.object({
  /** The active interval the dry run showed (null: none was active), so a repeated run is 409. */
  close_interval_id: z.number().int().positive().nullable(),
  /** Default: the highest grade a student of the school has (`highestGrade`). */
  last_grade: z
    .enum(GRADE_ORDER, { error: /*i18n*/ 'Choose the last grade of the school' })
    .optional(),
  teams: z.enum(TEAM_CHOICES, { error: /*i18n*/ 'Choose whether teams are kept or reset' }),
  leaving: z.enum(LEAVING_CHOICES, {
    error: /*i18n*/ 'Choose what happens to the accounts of leaving students',
  }),
  next_interval: semesterSchema,
});
export type YearEndRolloverInput = z.infer<typeof yearEndRolloverSchema>;

export const rolloverQuerySchema = z.object({
  dry_run: z.enum(['true', 'false']).optional(),
});

const count = z.number().int();

/** What a rollover does (the dry run) or did: the same shape, so the review is the result. */
export const yearEndRolloverResultSchema = z.object({
  dry_run: z.boolean(),
  closed_interval: semesterRecordSchema.nullable(),
  opened_interval: semesterSchema,
  /** Null when no student of the school has a grade: nobody moves up or leaves. */
  last_grade: z.string().nullable(),
  promotions: z.array(z.object({ from: z.string(), to: z.string(), students: count })),
  ungraded_students: count,
  leaving: z.object({
    choice: z.enum(LEAVING_CHOICES),
    /** When the accounts are deleted: now, or after the grace period. */
    delete_after: z.string(),
    students: z.array(
      z.object({
        id: count,
        first_name: z.string(),
        last_name: z.string(),
        grade: z.string(),
        homeroom: z.string().nullable(),
      }),
    ),
  }),
  teams: z.object({ choice: z.enum(TEAM_CHOICES), count }),
});
export type YearEndRolloverResult = z.infer<typeof yearEndRolloverResultSchema>;

export const ROLLOVER_MESSAGES = {
  intervalChanged:
    /*i18n*/ 'The active interval changed since this review (the year may already have been rolled over). Review it again.',
} as const;

/** The activity log's detail: its counts, `promoted;leaving;deleted;teamsReset`. */
export function rolloverAuditDetail(result: YearEndRolloverResult): string {
  const promoted = result.promotions.reduce((sum, row) => sum + row.students, 0);
  const leaving = result.leaving.students.length;
  const deleted = result.leaving.choice === 'delete_now' ? leaving : 0;
  const reset = result.teams.choice === 'reset' ? result.teams.count : 0;
  return [promoted, leaving, deleted, reset].join(';');
}
