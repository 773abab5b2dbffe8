/**
 * The languages Wellbank speaks (issue 17, decision 0034). English is the source: its texts are
 * SPEC.md's, written in the code; Spanish comes from the catalogs (packages/domain/locales).
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The Intl locale of each language: US conventions, Spanish words (es-US: dd/mm/yyyy, $4.00). */
export const INTL_LOCALE: Readonly<Record<Language, string>> = { en: 'en-US', es: 'es-US' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language of an Accept-Language header (RFC 9110 §12.5.4): the best-weighted range whose
 * primary tag we speak ("es-MX" → es), `*` → English; nothing we speak, junk or no header →
 * English. Equal weights keep the header's order.
 */
export function negotiateLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { language: Language; weight: number } | undefined;
  for (const part of header.slice(0, 1000).split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0] ?? '';
    const language = primary === '*' ? DEFAULT_LANGUAGE : primary;
    if (!isLanguage(language)) continue;
    const q = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!(weight > 0 && weight <= 1)) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}
