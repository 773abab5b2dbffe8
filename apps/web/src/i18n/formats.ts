import {
  DATE_PATTERN,
  dateFormat,
  formatCents,
  formatCount,
  formatDateTime,
  formatDayHeading,
  formatSchoolDay,
  isoToLocalDate,
  type Language,
  ordinal,
} from '@wellbank/domain';
import { useLanguage } from './language';

/**
 * The domain's format functions bound to one language: the web's one way to write money, numbers
 * and dates (and to read a typed date) as the reader's language does. Components get them from
 * `useFormats()`; never call the domain's functions without a language, nor Intl with a locale.
 */
export interface Formats {
  readonly language: Language;
  /** "$4.00" (whole cents). */
  formatCents(cents: number): string;
  /** "1,234". */
  formatCount(n: number): string;
  /** A rank: "4th" / "4.º". */
  ordinal(n: number): string;
  /** "Nov 23, 2026, 3:41 PM MST" / "23 nov 2026, 3:41 p.m. MST". */
  formatDateTime(instant: Date, timeZone: string): string;
  /** The school's day of a moment: "Nov 27, 2026" / "27 nov 2026". */
  formatSchoolDay(instant: Date, timeZone: string): string;
  /** "Monday, November 23" / "lunes, 23 de noviembre". */
  formatDayHeading(isoDate: string): string;
  /** "yyyy-mm-dd" → "11/23/2026" / "23/11/2026", as interval dates are typed. */
  isoToLocalDate(iso: string): string;
  /** How a date is typed: "mm/dd/yyyy" / "dd/mm/aaaa" (a field's hint). */
  readonly datePattern: string;
  /** Intl's date formatter of the language for `options`, made once (building one is slow). */
  dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat;
}

const bound = new Map<Language, Formats>();

/** The formats of `language`, one object per language (a stable value for hooks' dependencies). */
export function formatsIn(language: Language): Formats {
  let formats = bound.get(language);
  if (!formats) {
    formats = {
      language,
      formatCents: (cents) => formatCents(cents, language),
      formatCount: (n) => formatCount(n, language),
      ordinal: (n) => ordinal(n, language),
      formatDateTime: (instant, timeZone) => formatDateTime(instant, timeZone, language),
      formatSchoolDay: (instant, timeZone) => formatSchoolDay(instant, timeZone, language),
      formatDayHeading: (isoDate) => formatDayHeading(isoDate, language),
      isoToLocalDate: (iso) => isoToLocalDate(iso, language),
      datePattern: DATE_PATTERN[language],
      dateFormat: (options) => dateFormat(language, options),
    };
    bound.set(language, formats);
  }
  return formats;
}

/** The active language's formats, re-rendering when the language changes. */
export function useFormats(): Formats {
  return formatsIn(useLanguage());
}
