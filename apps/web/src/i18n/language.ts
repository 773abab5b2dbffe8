import type { Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { getSession, subscribeSession } from '@/lib/platform/session';
import { setDomainTranslator } from './domain-text';
import { i18n } from './i18n';
import { initialLanguage, type Language, storeLanguage, userLanguage } from './languages';

/**
 * Each language's catalogs, the domain's (its English text is the id) and the web's, compiled by
 * the build (@lingui/vite-plugin) and downloaded only when that language is chosen: an English
 * visitor loads no Spanish (scripts/measure-web-bundle.mjs checks it). English has none. With
 * them comes the domain's translator of texts with values (./domain-text.ts).
 */
const CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<Messages[]>> = {
  es: () =>
    Promise.all([
      import('../../../../packages/domain/locales/es.po').then((catalog) => catalog.messages),
      import('../locales/es.po').then((catalog) => catalog.messages),
      loadDomainTranslator(),
    ]).then(([domain, web]) => [domain, web]),
};

async function loadDomainTranslator(): Promise<void> {
  const { translateText } = await import('../../../../packages/domain/src/i18n/translate-text.ts');
  setDomainTranslator(translateText);
}

let requested: Language = 'en';

/** Shows the app in `language` (its catalogs first), and sets `<html lang>`. */
export async function activateLanguage(language: Language): Promise<void> {
  requested = language;
  const messages = language === 'en' ? [] : await CATALOGS[language]();
  // A later choice made while this one downloaded wins.
  if (requested !== language) return;
  if (i18n.locale !== language) {
    i18n.loadAndActivate({ locale: language, messages: Object.assign({}, ...messages) });
  }
  document.documentElement.lang = language;
}

/** A visitor's choice (the switch): shown at once and remembered on this device. */
export function chooseLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  return activateLanguage(language);
}

/**
 * Before the first render: the first page's language (./languages.ts), and from then on the
 * signed-in user's stored language, which wins over the device's choice when it arrives (login,
 * GET /users/{id}) and is remembered for the signed-out pages.
 */
export function startLanguage(): Promise<void> {
  subscribeSession(() => {
    const language = userLanguage(getSession());
    if (language && language !== requested) void chooseLanguage(language);
  });
  return activateLanguage(initialLanguage(getSession()));
}

/** The active language, re-rendering when it changes. */
export function useLanguage(): Language {
  return useLingui().i18n.locale as Language;
}
