import { z } from 'zod';
import { localDateToIso } from './dates.ts';
import type { Language } from './i18n/languages.ts';
import { englishText, textTemplate } from './i18n/texts.ts';
import { type SemesterInput, semesterSchema } from './schemas.ts';

/** The create-interval form as typed: dates as mm/dd/yyyy (SPEC.md §5). */
export interface SemesterFormValues {
  start_date: string;
  end_date: string;
  points_needed: string;
}

export type SemesterFormErrors = Partial<Record<keyof SemesterFormValues, string>>;

export type SemesterFormResult =
  | { status: 'incomplete' }
  | { status: 'invalid'; errors: SemesterFormErrors }
  | { status: 'valid'; body: SemesterInput };

const FIELDS = ['start_date', 'end_date', 'points_needed'] as const;

const US_DATE = textTemplate(/*i18n*/ '{label} must be a date (mm/dd/yyyy)', { label: 'text' });

export function usDateMessage(label: string): string {
  return englishText(US_DATE, { label });
}

/**
 * SPEC.md §5: with any field empty nothing happens and no message shows ('incomplete'). Otherwise
 * the dates are converted to ISO and the body is checked with the server's own schema.
 */
export function parseSemesterForm(
  values: SemesterFormValues,
  language: Language = 'en',
): SemesterFormResult {
  const typed = {
    start_date: values.start_date.trim(),
    end_date: values.end_date.trim(),
    points_needed: values.points_needed.trim(),
  };
  if (FIELDS.some((field) => typed[field] === '')) return { status: 'incomplete' };

  const errors: SemesterFormErrors = {};
  // Dates as the reader types them: mm/dd/yyyy in English, dd/mm/aaaa in Spanish (its message).
  const start = localDateToIso(typed.start_date, language);
  const end = localDateToIso(typed.end_date, language);
  if (!start) errors.start_date = usDateMessage(/*i18n*/ 'Start date');
  if (!end) errors.end_date = usDateMessage(/*i18n*/ 'End date');
  const points = /^[+-]?\d+(\.\d+)?$/.test(typed.points_needed)
    ? Number(typed.points_needed)
    : Number.NaN;
  if (Number.isNaN(points)) errors.points_needed = /*i18n*/ 'Points needed must be a whole number';
  if (!start || !end || Number.isNaN(points)) return { status: 'invalid', errors };

  const parsed = semesterSchema.safeParse({
    start_date: start,
    end_date: end,
    points_needed: points,
  });
  if (parsed.success) return { status: 'valid', body: parsed.data };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SemesterFormValues;
    errors[field] ??= issue.message;
  }
  return { status: 'invalid', errors };
}

/**
 * The form's schema, for its resolver (the web app's one validation style, decision 0019): valid
 * values become the request body, an incomplete form becomes null (the form then does nothing and
 * says nothing), and invalid values give each field its message.
 */
export const semesterFormSchemaIn = (language: Language) =>
  z
    .object({ start_date: z.string(), end_date: z.string(), points_needed: z.string() })
    .transform((values, context): SemesterInput | null => {
      const result = parseSemesterForm(values, language);
      if (result.status === 'incomplete') return null;
      if (result.status === 'valid') return result.body;
      for (const [field, message] of Object.entries(result.errors)) {
        context.addIssue({ code: 'custom', message, path: [field] });
      }
      return z.NEVER;
    });

export const semesterFormSchema = semesterFormSchemaIn('en');
