import type { SessionRecord } from '@wellbank/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, mergeSession, setSession } from '@/lib/platform/session';
import { i18n } from './i18n';
import { activateLanguage, chooseLanguage, startLanguage } from './language';
import { LANGUAGE_KEY } from './languages';

const FORGOT = { id: 'forgot', message: 'Forgot password' };

afterEach(async () => {
  clearSession();
  localStorage.clear();
  vi.unstubAllGlobals();
  await activateLanguage('en');
});

describe('the active language', () => {
  it('starts English, with no catalog, from the texts in the code', () => {
    expect(i18n.locale).toBe('en');
    expect(i18n._(FORGOT)).toBe('Forgot password');
    expect(i18n._({ id: 'x', message: 'Hi {name}', values: { name: 'Ana' } })).toBe('Hi Ana');
  });

  it('loads the Spanish catalogs when chosen, sets <html lang> and remembers the choice', async () => {
    await chooseLanguage('es');
    expect(i18n.locale).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('es');
    expect(Object.keys(i18n.messages).length).toBeGreaterThan(0);
    await chooseLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it("follows the signed-in user's stored language over the device's choice", async () => {
    vi.stubGlobal('navigator', { languages: ['en-US'] });
    localStorage.setItem(LANGUAGE_KEY, 'en');
    await startLanguage();
    expect(i18n.locale).toBe('en');
    setSession({ id: 1, token: 't', roles: [], user_school_roles: [] } as unknown as SessionRecord);
    mergeSession({ language: 'es' } as Partial<SessionRecord>);
    await vi.waitFor(() => expect(i18n.locale).toBe('es'));
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('es');
  });
});
