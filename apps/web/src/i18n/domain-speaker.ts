import type { I18n } from '@lingui/core';
import { englishText, type Speaker } from '@wellbank/domain';
import { domainText, translating } from './domain-text';

/**
 * The domain's `Speaker` of the active language, for a sentence the domain writes from a template
 * and its values (an audit entry): the values are given as they are, never read back from English.
 * Apart from ./domain-text.ts, which every page loads: only the activity log needs it.
 */
export function domainSpeaker(i18n: I18n): Speaker {
  return {
    language: i18n.locale === 'es' ? 'es' : 'en',
    t: (text, values = {}) => {
      if (typeof text === 'string') return domainText(i18n, text);
      return translating(i18n) ? i18n._(text.id, values) : englishText(text, values);
    },
  };
}
