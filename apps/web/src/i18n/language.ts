import type { Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { api } from '@/lib/platform/api-client';
import { getSession, mergeSession, subscribeSession } from '@/lib/platform/session';
import { setDomainTranslator } from './domain-text';
import { i18n } from './i18n';
import {
  initialLanguage,
  type Language,
  storeLanguage,
  takePickedLanguage,
  userLanguage,
} from './languages';

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

/** A language's messages, its catalogs downloaded first (none for English). */
export async function messagesOf(language: Language): Promise<Messages> {
  return Object.assign({}, ...(language === 'en' ? [] : await CATALOGS[language]()));
}

/** Shows the app in `language` (its catalogs first), and sets `<html lang>`. */
export async function activateLanguage(language: Language): Promise<void> {
  requested = language;
  const messages = await messagesOf(language);
  // A later choice made while this one downloaded wins.
  if (requested !== language) return;
  if (i18n.locale !== language) i18n.loadAndActivate({ locale: language, messages });
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
 * GET /users/{id}) and is remembered for the signed-out pages — unless the person picked a
 * language with the switch before signing in: that pick wins and is stored on the account
 * (decision 0066), as if they had used the switch signed in.
 */
export function startLanguage(): Promise<void> {
  subscribeSession(() => {
    const session = getSession();
    const picked = session ? takePickedLanguage() : undefined;
    if (session && picked && picked !== userLanguage(session)) {
      void keepPickedLanguage(session.id, picked);
      return;
    }
    const language = userLanguage(session);
    if (language && language !== requested) void chooseLanguage(language);
  });
  return activateLanguage(initialLanguage(getSession()));
}

async function keepPickedLanguage(userId: number, language: Language): Promise<void> {
  await chooseLanguage(language);
  try {
    await api.patch(`/users/${userId}`, { language }, { auth: true });
    mergeSession({ language });
  } catch {
    // Offline or refused: this device shows the pick; the account keeps its language.
  }
}

/** The active language, re-rendering when it changes. */
export function useLanguage(): Language {
  return useLingui().i18n.locale as Language;
}
