import { INTL_LOCALE, type Language } from './i18n/languages.ts';

/**
 * A rank: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 111th... in English; 1.º, 2.º, 21.º in
 * Spanish (the masculine indicator: "el 4.º puesto", the RAE's abbreviation with its period).
 */
export function ordinal(n: number, language: Language = 'en'): string {
  if (language === 'es') return `${formatCount(n, 'es')}.º`;
  const lastTwo = Math.abs(n) % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][Math.abs(n) % 10] ?? 'th';
  return `${n}${suffix}`;
}

/**
 * A whole number with en-US thousands separators: "1,234", "-5" (Intl.NumberFormat('en-US')'s
 * output, without loading ICU's data; see formatCents).
 */
export function formatCount(n: number, language: Language = 'en'): string {
  const whole = roundWhole(n);
  if (language !== 'en') return numberFormat(language).format(whole);
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Minutes as h:mm ("9:00", "0:05"). */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.trunc(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Rounded half away from zero; `+ 0` because −0 would print as "-0". */
function roundWhole(n: number): number {
  return Math.sign(n) * Math.round(Math.abs(n)) + 0;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Intl's number format of a language other than English, made once (English stays the
 * hand-written en-US above, so an English page loads no ICU data; decision 0018).
 */
export function numberFormat(
  language: Language,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[language], options);
    numberFormats.set(key, format);
  }
  return format;
}
