/**
 * The languages a user can choose (issue 17, decision 0033), each named in its own language.
 * Adding one: a code here, its catalogs in lingui.config.ts, and its loader in ./language.ts.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** Where a visitor's choice is remembered, signed in or not. */
export const LANGUAGE_KEY = 'wellbank.language';

/** A choice made with the switch while signed out, which the next sign-in keeps (decision 0066). */
export const PICKED_LANGUAGE_KEY = 'wellbank.language.picked';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The browser's preferred languages, in order: the first we have wins (`es-MX` → `es`), else English. */
export function negotiateLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function storedLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts this visit.
  }
}

/** Remembers a signed-out visitor's choice for the next sign-in on this device. */
export function rememberPickedLanguage(language: Language): void {
  try {
    localStorage.setItem(PICKED_LANGUAGE_KEY, language);
  } catch {
    // Private mode without storage: the sign-in follows the account's language.
  }
}

/** The choice a signed-out visitor made, once: reading it forgets it. */
export function takePickedLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(PICKED_LANGUAGE_KEY);
    localStorage.removeItem(PICKED_LANGUAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A signed-in user's stored language (`language` of the user record), when the API sends one. */
export function userLanguage(user: object | null | undefined): Language | undefined {
  const value = (user as { language?: unknown } | null | undefined)?.language;
  return isLanguage(value) ? value : undefined;
}

/** The first page's language: the signed-in user's, else the remembered choice, else the browser's. */
export function initialLanguage(user: object | null | undefined): Language {
  return (
    userLanguage(user) ??
    storedLanguage() ??
    negotiateLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? []))
  );
}
