import type { I18n } from '@lingui/core';

type Translate = (catalog: I18n, text: string) => string;

let translate: Translate | undefined;

/** Whether the active language has a translator (another language's catalogs are loaded). */
export function translating(i18n: I18n): boolean {
  return translate !== undefined && i18n.locale !== 'en';
}

/** Set with another language's catalogs (./language.ts): English needs no translator. */
export function setDomainTranslator(translator: Translate): void {
  translate = translator;
}

/**
 * A domain text (English, its own catalog id; a text with values reads back into its template:
 * the domain's `translateText`, decision 0034) in the active language. English shows it as it is,
 * so the translator and its template tables download only with another language's catalogs.
 */
export function domainText(i18n: I18n, text: string): string {
  return translate && translating(i18n) ? translate(i18n, text) : text;
}
