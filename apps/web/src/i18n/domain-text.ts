import type { I18n } from '@lingui/core';
import { englishText, type Speaker } from '@wellbank/domain';

type Translate = (catalog: I18n, text: string) => string;

let translate: Translate | undefined;

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
  return translate && i18n.locale !== 'en' ? translate(i18n, text) : text;
}

/**
 * The domain's `Speaker` of the active language, for a sentence the domain writes from a template
 * and its values (an audit entry): the values are given as they are, never read back from English.
 */
export function domainSpeaker(i18n: I18n): Speaker {
  const translated = () => translate !== undefined && i18n.locale !== 'en';
  return {
    language: i18n.locale === 'es' ? 'es' : 'en',
    t: (text, values = {}) => {
      if (typeof text === 'string') return domainText(i18n, text);
      return translated() ? i18n._(text.id, values) : englishText(text, values);
    },
  };
}
