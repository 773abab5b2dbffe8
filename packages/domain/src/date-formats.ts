import { INTL_LOCALE, type Language } from './i18n/languages.ts';

/*
 * Dates written for people, in their language (decision 0034). Apart from dates.ts's calendar
 * arithmetic and the reading of typed dates so that the web's first page, which formats in the reader's language, does
 * not download the time-zone and calendar helpers (docs/decisions/0018-web-bundle-budget.md).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Intl's date formatter of `language` for `options`, made once: building one costs far more than
 * formatting. Every date the app writes for people goes through here.
 */
export function dateFormat(
  language: Language,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALE[language], options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A moment in the school's time zone, for people: "Nov 23, 2026, 3:41 PM MST". */
export function formatDateTime(instant: Date, timeZone: string, language: Language = 'en'): string {
  return dateFormat(language, {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}

/**
 * The school's calendar day of a moment, for people: "Nov 27, 2026" (a per-day figure, so the
 * school's date, as the moment beside it reads in the school's zone: docs/rules.md "Dates").
 */
export function formatSchoolDay(
  instant: Date,
  timeZone: string,
  language: Language = 'en',
): string {
  return dateFormat(language, { timeZone, dateStyle: 'medium' }).format(instant);
}

/** "Monday, November 23" / "lunes, 23 de noviembre": a date as a heading (a date, not a moment). */
export function formatDayHeading(date: string, language: Language = 'en'): string {
  const options = { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
  return dateFormat(language, options).format(new Date(`${date}T00:00:00Z`));
}

/** How people of `language` write a date, as the interval form's hint shows it. */
export const DATE_PATTERN: Readonly<Record<Language, string>> = {
  en: 'mm/dd/yyyy',
  es: 'dd/mm/aaaa',
};

/** "yyyy-mm-dd" → the date as `language` writes it: "03/05/2026" in English, "05/03/2026" in Spanish. */
export function isoToLocalDate(iso: string, language: Language = 'en'): string {
  const [yyyy, mm, dd] = iso.split('-');
  return language === 'es' ? `${dd}/${mm}/${yyyy}` : `${mm}/${dd}/${yyyy}`;
}
