import type { Browser, Page, Response } from '@playwright/test';
import type { PrintedBadge } from '@wellbank/domain';
import { setLanguage, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { countPrints, schoolWithHomeroom } from './support/homeroom.ts';
import { attachScreenshot, saveScreenshot } from './support/screenshots.ts';
import { expect as baseExpect, test } from './support/test.ts';

/*
 * Issue 34 §3, decision 0065: staff print a homeroom's badges; a badge's link (its QR code) signs
 * the child in on a shared tablet; a voided badge says it no longer works and its new one works.
 */

const DESKTOP = { width: 1280, height: 800 };
/** A page's first download and data on two busy cores can take longer than expect's 5 s. */
const FIRST_LOAD = { timeout: 20_000 };
const expect = baseExpect.configure(FIRST_LOAD);

/** The menu drawer loads after the page: given the same time as a page. */
async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}
const ROOM = 'Room 7';

const isBadgeCall = (path: RegExp) => (response: Response) =>
  path.test(new URL(response.url()).pathname) && response.request().method() === 'POST';

/** A tablet on its own: a browser context that shares nothing with the teacher's. */
async function tablet(browser: Browser, locale = 'en-US') {
  const context = await browser.newContext({
    locale,
    viewport: { width: 390, height: 844 },
    timezoneId: 'America/Denver',
  });
  return context.newPage();
}

async function expectSignedInAs(page: Page, name: string) {
  await expect(page).toHaveURL(/\/dashboard$/, FIRST_LOAD);
  await openMenu(page);
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.keyboard.press('Escape');
}

test('staff print a homeroom’s badges; a badge signs its child in; a voided one says so', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(300_000); // two browsers, three axe scans, a PDF, on two shared cores
  const { school } = await schoolWithHomeroom(request, ROOM);
  await countPrints(page);
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openMenu(page);
  await page.getByRole('dialog').getByRole('link', { name: 'Badges' }).click();
  await expect(page).toHaveURL(/\/schools\/badges$/);
  await expect(page.getByRole('heading', { name: 'Badges', level: 1 })).toBeVisible(FIRST_LOAD);

  await page.getByLabel('Homeroom').selectOption(ROOM);
  const children = page.getByRole('listitem').filter({ hasText: 'No badge yet' });
  await expect(children).toHaveCount(2, FIRST_LOAD);
  await expect(page.getByRole('button', { name: 'Make badge Ana R.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'badges');

  const made = page.waitForResponse(isBadgeCall(/\/schools\/\d+\/badges$/));
  await page.getByRole('button', { name: 'Make the missing badges' }).click();
  const sheet: PrintedBadge[] = await (await made).json();
  expect(sheet.map((badge) => badge.display_name)).toEqual(['Ana R.', 'Sam R.']);
  const qr = page.getByRole('img', { name: 'QR code of Sam R.’s badge' });
  await expect(qr).toBeVisible();
  // A finder pattern's corner module is dark: a code is drawn, not an empty box.
  expect(await qr.locator('path').getAttribute('d')).toMatch(/^M0 0h1v1h-1z/);
  await expect(page.getByText('Badge made', { exact: false })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Make the missing badges' })).toBeDisabled();
  await page.getByRole('button', { name: 'Print badges' }).click();
  expect(await page.evaluate(() => window.printed)).toBe(1);
  await expectNoAxeViolations(page);
  await page.setViewportSize(DESKTOP);
  await saveScreenshot(page, 'badges-desktop');
  await attachScreenshot(page, testInfo, 'badges-sheet-desktop');

  // Printed: only the badges, each 2 inches square, the app's frame and buttons gone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print badges' })).toBeHidden();
  await expect(page.getByLabel('Homeroom')).toBeHidden();
  const size = await qr.locator('xpath=ancestor::li').boundingBox();
  expect(size?.width).toBeCloseTo(192, 0);
  expect(size?.height).toBeCloseTo(192, 0);
  await attachScreenshot(page, testInfo, 'badges-print');
  const pdf = testInfo.outputPath('badges.pdf');
  await page.pdf({ path: pdf, preferCSSPageSize: true });
  await testInfo.attach('badges.pdf', { path: pdf, contentType: 'application/pdf' });
  await page.emulateMedia({ media: 'screen' });

  // The tablet opens Sam's link (what its camera app does with the QR code): Sam is signed in,
  // and the token is gone from the address.
  const sam = sheet.find((badge) => badge.display_name === 'Sam R.');
  const ana = sheet.find((badge) => badge.display_name === 'Ana R.');
  if (!sam || !ana) throw new Error('no badges');
  expect(sam.url).toMatch(/\/badge#[A-Za-z0-9_-]{43}$/);
  const shared = await tablet(browser);
  await shared.goto(sam.url);
  await expectSignedInAs(shared, 'Sam Rivera');
  expect(shared.url()).not.toContain('#');
  // A shared device's session lives in this tab alone (decision 0064), none in localStorage.
  const stored = await shared.evaluate(() => ({
    tab: Object.entries(sessionStorage).find(([key]) => key.includes('session')),
    browser: Object.keys(localStorage).filter((key) => key.includes('session')),
  }));
  expect(JSON.parse(stored.tab?.[1] ?? '{}')).toMatchObject({ shared_device: true });
  expect(stored.browser).toEqual([]);

  // The next child at the tablet: Sam is signed out, Ana in.
  await shared.goto(ana.url);
  await expectSignedInAs(shared, 'Ana Rivera');

  // Sam lost his badge: void and reissue. The old link says so; the new one works.
  await page.setViewportSize({ width: 390, height: 844 });
  const reissued = page.waitForResponse(isBadgeCall(/\/users\/\d+\/badge$/));
  await page.getByRole('button', { name: 'Void and reissue Sam R.' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Void Sam R.’s badge?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Void and reissue' }).click();
  const { url: newUrl } = await (await reissued).json();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('img', { name: 'QR code of Sam R.’s badge' })).toBeVisible();

  await shared.goto(sam.url);
  await expect(shared.getByRole('heading', { name: 'Your badge did not sign you in' })).toBeVisible(
    FIRST_LOAD,
  );
  await expect(
    shared.getByText('This badge no longer works. Ask your teacher for a new one.'),
  ).toBeVisible();
  await expect(shared).toHaveURL(/\/badge$/);
  await expectNoAxeViolations(shared);
  await saveScreenshot(shared, 'badge-replaced');
  await shared.setViewportSize(DESKTOP);
  await saveScreenshot(shared, 'badge-replaced-desktop');
  await attachScreenshot(shared, testInfo, 'badge-replaced-desktop');
  // Back on the tablet's width: its menu is a drawer (a desk's stays open beside the page).
  await shared.setViewportSize({ width: 390, height: 844 });
  await shared.goto(newUrl);
  await expectSignedInAs(shared, 'Sam Rivera');
  await shared.context().close();
});

test('in Spanish: the Badges page, and a replaced badge read in Spanish', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(300_000); // two browsers, two axe scans, on two shared cores
  const { school, ana } = await schoolWithHomeroom(request, ROOM);
  await setLanguage(request, school.coordinator, 'es');
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/badges');
  await expect(page.getByRole('heading', { name: 'Credenciales', level: 1 })).toBeVisible(
    FIRST_LOAD,
  );
  await page.getByLabel('Salón').selectOption(ROOM);
  await expect(page.getByText('Sin credencial todavía')).toHaveCount(2, FIRST_LOAD);
  const first = page.waitForResponse(isBadgeCall(/\/users\/\d+\/badge$/));
  await page.getByRole('button', { name: 'Hacer credencial Ana R.' }).click();
  const { url: oldUrl } = await (await first).json();
  await expect(page.getByRole('heading', { name: 'Credenciales para imprimir' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'Código QR de la credencial de Ana R.' }),
  ).toBeVisible();
  // Every badge again: Ana's first one stops working.
  await page.getByRole('button', { name: 'Reemplazar todas las credenciales' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(
    dialog.getByText('todas las credenciales impresas antes dejan de funcionar'),
  ).toBeVisible();
  const replaced = page.waitForResponse(isBadgeCall(/\/schools\/\d+\/badges$/));
  await dialog.getByRole('button', { name: 'Reemplazar todas las credenciales' }).click();
  const sheet: PrintedBadge[] = await (await replaced).json();
  expect(sheet).toHaveLength(2);
  await expect(page.getByRole('img', { name: /^Código QR de la credencial de/ })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await attachScreenshot(page, testInfo, 'badges-es');
  await saveScreenshot(page, 'badges-es');

  const shared = await tablet(browser, 'es-ES');
  await shared.goto(oldUrl);
  await expect(
    shared.getByText('Esta credencial ya no funciona. Pide una nueva a tu maestro.'),
  ).toBeVisible(FIRST_LOAD);
  await expect(shared.getByRole('button', { name: 'Leer en voz alta' })).toBeVisible();
  await expectNoAxeViolations(shared);
  await attachScreenshot(shared, testInfo, 'badge-replaced-es');
  const newest = sheet.find((badge) => badge.id === ana.id);
  await shared.goto(newest?.url ?? '');
  await expectSignedInAs(shared, 'Ana Rivera');
  await shared.context().close();
});

test('a student finds no Badges page', async ({ page, request }) => {
  test.slow(); // a school signed up, paid and its students placed before the sign-in
  const { sam } = await schoolWithHomeroom(request, ROOM);
  await signIn(page, sam.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openMenu(page);
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Badges' })).toHaveCount(0);
  await page.goto('/schools/badges');
  await expect(page).toHaveURL(/\/dashboard$/);
});
