import type { SessionRecord } from '@wellbank/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, mergeSession, setSession } from '@/lib/platform/session';
import { i18n } from './i18n';
import { activateLanguage, chooseLanguage, startLanguage } from './language';
import { LANGUAGE_KEY, rememberPickedLanguage } from './languages';

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

  it('keeps a language picked before signing in, and stores it on the account', async () => {
    const patches: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        patches.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({}), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    await startLanguage();
    await chooseLanguage('es');
    rememberPickedLanguage('es');
    // The account says English: the pick wins, and the account is told.
    setSession({ id: 7, token: 't', language: 'en', roles: [], user_school_roles: [] } as never);
    await vi.waitFor(() => expect(getSession()?.language).toBe('es'));
    expect(i18n.locale).toBe('es');
    expect(patches).toEqual([
      { url: expect.stringMatching(/\/users\/7$/), method: 'PATCH', body: { language: 'es' } },
    ]);
    // Used once: the next sign-in follows its account again.
    clearSession();
    setSession({ id: 8, token: 't', language: 'en', roles: [], user_school_roles: [] } as never);
    await vi.waitFor(() => expect(i18n.locale).toBe('en'));
    expect(patches).toHaveLength(1);
  });
});
