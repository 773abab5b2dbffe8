import type { Page } from '@playwright/test';
import type { SessionRecord } from '@wellbank/domain';
import { SESSION_KEY } from './session-state.ts';

/** Class sign-in on a shared device (decision 0064): the pictures, and what the device keeps. */

const PICTURE_LABELS: Record<string, Record<string, string>> = {
  en: {},
  es: {
    apple: 'manzana',
    banana: 'plátano',
    cherry: 'cereza',
    star: 'estrella',
    moon: 'luna',
    sun: 'sol',
    flower: 'flor',
    tree: 'árbol',
    house: 'casa',
  },
};

export async function tapPictures(page: Page, pictures: readonly string[], language = 'en') {
  const grid = page.getByRole('list', {
    name: language === 'es' ? 'Dibujos secretos' : 'Secret pictures',
  });
  for (const picture of pictures) {
    const label = PICTURE_LABELS[language]?.[picture] ?? picture;
    await grid.getByRole('button', { name: label, exact: true }).click();
  }
}

/** Everything the app keeps in the browser: both storages and the offline layer's keys. */
export async function deviceState(page: Page) {
  return page.evaluate(async () => {
    const keys = await new Promise<string[]>((resolve) => {
      const open = indexedDB.open('wellbank-offline');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('keyval')) return resolve([]);
        const request = db.transaction('keyval').objectStore('keyval').getAllKeys();
        request.onsuccess = () => resolve(request.result.map(String));
        request.onerror = () => resolve([]);
      };
      open.onerror = () => resolve([]);
    });
    const caches = 'caches' in window ? await window.caches.keys() : [];
    const cached: string[] = [];
    for (const name of caches) {
      const cache = await window.caches.open(name);
      for (const request of await cache.keys()) cached.push(request.url);
    }
    return {
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      offlineKeys: keys,
      cachedApiUrls: cached.filter((url) => url.includes('/api/')),
    };
  });
}

/** The session record the tab keeps in sessionStorage, if any. */
export function storedSession(state: { session: string }): SessionRecord | undefined {
  const raw = (JSON.parse(state.session) as Record<string, string>)[SESSION_KEY];
  return raw ? (JSON.parse(raw) as SessionRecord) : undefined;
}
