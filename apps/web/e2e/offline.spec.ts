import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';
import { type Activity, addDays, localDate, type SessionRecord } from '@wellbank/domain';
import { signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  face,
  keepScreenshot,
  logMenuButton,
  signInStudentOfPaidSchool,
  tap,
} from './support/daily-logging.ts';
import { expect, test } from './support/test.ts';

/** Issue #14: the installable app, reading offline and logging offline (decision 0027). */

const DONE_FOR_NOW = "Okay, I'm done for now";
const QUEUED = 'Saved on this phone — will sync';
const SCHOOL_ZONE = 'America/Denver';
/** The build the test server serves (playwright.config.ts: WEB_DIST_DIR when E2E_WEB_DIST is set). */
const WEB_DIST = new URL('../dist/', import.meta.url);

/**
 * One visit installed the service worker (the shell is precached); the next load is served
 * through it. (A worker that claims an open page does not always take over its requests at once
 * in Chromium, so the test loads the page again, as a returning user does.)
 */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.active?.state === 'activated';
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** What the server holds for the student today. */
async function serverDay(page: Page, student: SessionRecord, date?: string): Promise<Activity[]> {
  const response = await page.request.get(`/api/v1/activities${date ? `?date=${date}` : ''}`, {
    headers: { authorization: `Bearer ${student.token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Activity[];
}

async function logFromMenu(page: Page, title: string, taps: Record<string, number>) {
  await logMenuButton(page).click();
  const menu = page.getByRole('dialog', { name: 'What did you do today?' });
  await menu.getByRole('link', { name: new RegExp(`^${title} `) }).click();
  for (const [button, times] of Object.entries(taps)) {
    await tap(page.getByRole('button', { name: button, exact: true }), times);
  }
  await page.getByRole('button', { name: DONE_FOR_NOW }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function rateSocialStress(page: Page, rating: string) {
  await logMenuButton(page).click();
  const menu = page.getByRole('dialog', { name: 'What did you do today?' });
  await menu.getByRole('button', { name: /^Stress / }).click();
  await menu.getByRole('link', { name: /^Social / }).click();
  await face(page, rating).click();
  await page.getByRole('button', { name: DONE_FOR_NOW }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

/** What the offline layer keeps in IndexedDB (lib/platform/offline/offline-store.ts): key, value. */
function offlineEntries(page: Page): Promise<[string, unknown][]> {
  return page.evaluate(
    () =>
      new Promise<[string, unknown][]>((resolve, reject) => {
        const open = indexedDB.open('wellbank-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve([]);
          const store = db.transaction('keyval').objectStore('keyval');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () =>
            resolve(keys.result.map((key, i) => [String(key), values.result[i]]));
        };
      }),
  );
}

async function offlineKeys(page: Page): Promise<string[]> {
  return (await offlineEntries(page)).map(([key]) => key);
}

/** The query keys of the cache the offline layer saved, as JSON texts. */
async function savedQueries(page: Page): Promise<string[]> {
  return (await offlineEntries(page)).flatMap(([key, value]) =>
    key.startsWith('cache:')
      ? (value as { state: { queries: { queryKey: unknown }[] } }).state.queries.map((query) =>
          JSON.stringify(query.queryKey),
        )
      : [],
  );
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await keepScreenshot(page, testInfo, name);
}

test('the app is installable: manifest, an active service worker, the shell offline after one visit', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href ?? '');
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Wellbank',
    short_name: 'Wellbank',
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: '#15803d',
    background_color: '#15803d',
  });
  const sizes = (manifest.icons as { sizes: string; purpose: string; src: string }[]).map(
    (icon) => `${icon.sizes} ${icon.purpose}`,
  );
  expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons as { src: string }[]) {
    const png = await page.request.get(icon.src);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
  }
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await context.setOffline(false);

  // A new build: the browser finds a changed /sw.js; the page offers it and reloads onto it.
  const workerFile = join(process.env.E2E_WEB_DIST ?? fileURLToPath(WEB_DIST), 'sw.js');
  const build = await readFile(workerFile, 'utf8');
  try {
    await writeFile(workerFile, `${build}\n// the next build`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'Update available' });
    await expect(prompt).toBeVisible();
    await shot(page, testInfo, 'update-prompt');
    await expectNoAxeViolations(page);
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
  } finally {
    await writeFile(workerFile, build);
  }
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Update available' })).toHaveCount(0);
});

test('logged offline, kept across a reload, sent when the network is back', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const student = await signInStudentOfPaidSchool(page, request);
  await expect(card(page, 'Water')).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await logFromMenu(page, 'Water', { 'Add 1 to Cups of water': 2 });
  await logFromMenu(page, 'Hygiene', { 'Add 1 to Brushed teeth': 1 });
  await rateSocialStress(page, 'Very stressed');

  const mark = page.getByRole('status').filter({ hasText: QUEUED });
  await expect(mark).toContainText('Water, Hygiene, Stress');
  await expect(card(page, 'Water')).toContainText('$1.00');
  await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toHaveText(
    /^Offline — showing what was saved at \d\d:\d\d$/,
  );
  await shot(page, testInfo, 'offline-queued');
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(mark).toContainText('Water, Hygiene, Stress');
  await expect(card(page, 'Water')).toContainText('$1.00');
  await expect(card(page, 'Hygiene')).toContainText('$0.50');
  expect(await serverDay(page, student)).toEqual([]);

  await context.setOffline(false);
  await expect(mark).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toHaveCount(0);
  await expect
    .poll(async () => (await serverDay(page, student)).map((a) => a.activity_type).sort())
    .toEqual(['cleanliness', 'stress', 'water']);
  const day = await serverDay(page, student);
  expect(day.find((a) => a.activity_type === 'water')?.total).toBe(1);
  await expect(card(page, 'Water')).toContainText('$1.00');
});

test('a write saved offline before midnight keeps its day when sent after it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const student = await signInStudentOfPaidSchool(page, request);
  await expect(card(page, 'Water')).toBeVisible();
  await waitForServiceWorker(page);

  // The phone's clock and the server's `Date` agree on a fake time: 23:58 yesterday at the school.
  const today = localDate(new Date(), SCHOOL_ZONE);
  const yesterday = addDays(today, -1);
  const beforeMidnight = zonedTime(yesterday, '23:58');
  const afterMidnight = zonedTime(today, '00:02');
  let serverNow = beforeMidnight;
  await page.route('**/api/v1/**', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers(), date: new Date(serverNow).toUTCString() };
    await route.fulfill({ response, headers });
  });
  await page.clock.setFixedTime(beforeMidnight);
  await page.reload();
  await expect(card(page, 'Water')).toBeVisible();

  const sent: { type: string; date: unknown }[] = [];
  page.on('request', (sending) => {
    if (sending.method() !== 'PUT') return;
    const type = sending.url().split('/').pop() ?? '';
    sent.push({ type, date: (sending.postDataJSON() as { date?: unknown }).date });
  });

  await context.setOffline(true);
  await logFromMenu(page, 'Water', { 'Add 1 to Cups of water': 1 });
  serverNow = afterMidnight;
  await page.clock.setFixedTime(afterMidnight);
  await logFromMenu(page, 'Hygiene', { 'Add 1 to Flossed': 1 });
  await context.setOffline(false);

  await expect
    .poll(() => sent)
    .toEqual([
      { type: 'water', date: yesterday },
      { type: 'cleanliness', date: today },
    ]);
  // Each lands on the school day it was saved on, not on the day it reached the server.
  await expect
    .poll(async () => (await serverDay(page, student)).map((a) => a.activity_type))
    .toEqual(['cleanliness']);
  expect((await serverDay(page, student, yesterday)).map((a) => a.activity_type)).toEqual([
    'water',
  ]);
});

test('logout deletes the saved pages and the queue of its user from the phone', async ({
  page,
  context,
  request,
}) => {
  const student = await signInStudentOfPaidSchool(page, request);
  await expect(card(page, 'Water')).toBeVisible();
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await logFromMenu(page, 'Water', { 'Add 1 to Cups of water': 3 });
  await expect(page.getByRole('status').filter({ hasText: QUEUED })).toBeVisible();
  await expect
    .poll(() => offlineKeys(page))
    .toEqual(expect.arrayContaining([`outbox:${student.id}`, `cache:${student.id}`]));

  // A save that could not be sent is not deleted without asking.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Saves not sent yet' });
  await expect(ask).toContainText('1 save on this phone has not reached Wellbank yet.');
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await offlineKeys(page)).toContain(`outbox:${student.id}`);

  await page.getByRole('button', { name: 'Logout' }).click();
  await ask.getByRole('button', { name: 'Log out and delete them' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Only the device's clock offset stays: nothing of the user.
  await expect.poll(() => offlineKeys(page)).toEqual(['clock']);

  // Nothing of the queue is sent by the next sign-in, of this user or any other.
  await context.setOffline(false);
  await signIn(page, student.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(card(page, 'Water')).toBeVisible();
  expect(await serverDay(page, student)).toEqual([]);
});

/** Milliseconds of `date` `time` at the school (Denver: UTC−7 in winter, −6 in summer). */
function zonedTime(date: string, time: string): number {
  for (const offset of ['-07:00', '-06:00']) {
    const instant = Date.parse(`${date}T${time}:00${offset}`);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: SCHOOL_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(instant);
    if (local === time && localDate(new Date(instant), SCHOOL_ZONE) === date) return instant;
  }
  throw new Error(`No ${time} on ${date} in ${SCHOOL_ZONE}`);
}

test('/progress opens offline with the last data seen, and says so when it has none', async ({
  page,
  context,
  request,
}) => {
  await signInStudentOfPaidSchool(page, request);
  await expect(card(page, 'Water')).toBeVisible();
  await waitForServiceWorker(page);

  // Never opened online: offline, the page says why there is nothing rather than loading forever.
  await context.setOffline(true);
  await page.goto('/progress');
  await expect(
    page.getByText('You are offline. This shows once you are back online.'),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);

  // Seen once online: offline, a reload shows it again.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Previous Week' })).toBeVisible();
  // Saved a second after the data came (lib/platform/offline/persisted-cache.ts).
  await expect.poll(() => savedQueries(page)).toContain('["snapshots","weekly"]');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Previous Week' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
});
