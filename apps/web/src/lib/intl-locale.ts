/**
 * Dates the browser formats itself (tables, chart labels) in the reader's language: US English
 * or US Spanish, since the app's readers are US schools and families. Formatters are cached per
 * language and options, as building one is slow.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function intlLocale(language: string): string {
  return language === 'es' ? 'es-US' : 'en-US';
}

export function dateFormat(
  language: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}
