import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  initialLanguage,
  LANGUAGE_KEY,
  negotiateLanguage,
  storedLanguage,
  storeLanguage,
  userLanguage,
} from './languages';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('negotiateLanguage (a first visit: the browser languages)', () => {
  it('takes Spanish for any Spanish, English otherwise', () => {
    expect(negotiateLanguage(['es-US', 'en'])).toBe('es');
    expect(negotiateLanguage(['ES-mx'])).toBe('es');
    expect(negotiateLanguage(['es'])).toBe('es');
    expect(negotiateLanguage(['en-US', 'es'])).toBe('en');
    expect(negotiateLanguage(['fr-FR', 'de'])).toBe('en');
    expect(negotiateLanguage([])).toBe('en');
  });

  it('takes the first language the app has, in the browser order', () => {
    expect(negotiateLanguage(['fr-FR', 'es-419', 'en'])).toBe('es');
    expect(negotiateLanguage(['estonian-ish'])).toBe('en');
  });
});

describe('the stored choice', () => {
  it('is remembered under wellbank.language and read back', () => {
    expect(storedLanguage()).toBeUndefined();
    storeLanguage('es');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('es');
    expect(storedLanguage()).toBe('es');
  });

  it('ignores a value that is no language of ours', () => {
    localStorage.setItem(LANGUAGE_KEY, 'fr');
    expect(storedLanguage()).toBeUndefined();
  });
});

describe('initialLanguage', () => {
  const browser = (languages: string[]) => vi.stubGlobal('navigator', { languages });

  it('is the browser language on a first visit', () => {
    browser(['es-US']);
    expect(initialLanguage(null)).toBe('es');
  });

  it('is the stored choice over the browser language', () => {
    browser(['es-US']);
    storeLanguage('en');
    expect(initialLanguage(null)).toBe('en');
  });

  it("is the signed-in user's language over both", () => {
    browser(['en-US']);
    storeLanguage('en');
    expect(initialLanguage({ language: 'es' })).toBe('es');
    expect(userLanguage({ language: 'xx' })).toBeUndefined();
    expect(initialLanguage({ language: 'xx' })).toBe('en');
  });
});
