import type { Locator, Page } from '@playwright/test';
import { setLanguage } from './support/accounts.ts';
import { expect, test } from './support/catalogue-test.ts';
import { expectPageReady } from './support/page-catalogue.ts';
import { sidewaysOverflow } from './support/reflow.ts';

/**
 * Issue 35, "a screen the size of a desk" (docs/accessibility.md "Layout"): from 1024 px the
 * sidebar stays beside the page and tables and charts take the width; at 320 px nothing sticks
 * out; a table wider than a phone scrolls in its own box and says so.
 */

async function open(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: width < 1024 ? 844 : 900 });
  await page.goto(path);
  await expectPageReady(page);
}

/** How many lines an element's text takes. */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

async function width(element: Locator): Promise<number> {
  return (await element.boundingBox())?.width ?? 0;
}

// Several pages opened at several widths each: past 30 s on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });
test.use({ storageState: async ({ coordinatorState }, use) => use(coordinatorState) });

test('at a desk the sidebar stays beside the page, e-mails keep to a line, charts widen', async ({
  page,
  school,
}) => {
  const chart = page.getByRole('region', { name: 'Last 14 days' }).getByRole('list');
  await open(page, '/progress', 390);
  const phoneChart = await width(chart);

  for (const desk of [1024, 1280]) {
    await open(page, '/schools/users', desk);
    const sidebar = page.getByRole('complementary', { name: 'Maya Lopez' });
    await expect(sidebar.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(sidebar.getByText(`School code ${school.code}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const [side, main] = [await sidebar.boundingBox(), await page.locator('main').boundingBox()];
    expect(
      side && main && side.x + side.width <= main.x,
      `sidebar ${JSON.stringify(side)} beside main ${JSON.stringify(main)}`,
    ).toBe(true);

    const row = page.getByRole('row', { name: /^Nora Rivera/ });
    const email = row.getByText(/^student-.*@example\.com$/);
    expect(await lineCount(email), `the e-mail at ${desk} px`).toBe(1);
    // Every column in sight: the table needs no sideways scroll and gives no hint.
    await expect(row.getByRole('switch', { name: 'Staff: Nora Rivera' })).toBeInViewport();
    await expect(page.getByText('Scroll sideways to see more')).toHaveCount(0);

    // The sidebar's links work without a menu to open and close.
    await sidebar.getByRole('link', { name: 'Student points' }).click();
    await expect(page).toHaveURL('/schools/students');
    await expect(sidebar).toBeVisible();

    await open(page, '/progress', desk);
    expect(await width(chart)).toBeGreaterThan(phoneChart * 1.5);
  }
});

test('at 320 px the water and staff pages do not scroll sideways', async ({ page }) => {
  await open(page, '/activities/water', 320);
  expect(await sidewaysOverflow(page)).toEqual([]);
  // A counter's −, value and + stay together on a row (under the name when it leaves no room).
  for (const counter of await page.getByRole('group').all()) {
    const [minus, plus] = [counter.getByRole('button').first(), counter.getByRole('button').last()];
    expect((await minus.boundingBox())?.y).toBe((await plus.boundingBox())?.y);
  }

  await open(page, '/schools/users', 320);
  expect(await sidewaysOverflow(page)).toEqual([]);
  // The Staff switch is in the table's scrolling box, which the keyboard can scroll to it.
  const table = page.getByRole('region', { name: 'Staff and students' });
  await table.focus();
  for (let step = 0; step < 20; step++) await table.press('ArrowRight');
  expect(await table.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await expect(page.getByRole('switch', { name: 'Staff: Nora Rivera' })).toBeInViewport();
});

test('a table wider than a phone says it scrolls sideways until its end is in sight', async ({
  page,
}) => {
  await open(page, '/schools/users', 390);
  const table = page.getByRole('region', { name: 'Staff and students' });
  const hint = page.getByText('Scroll sideways to see more');
  const edge = page.locator('[data-scroll-cue]');
  await expect(hint).toBeVisible();
  await expect(table).toHaveAttribute('tabindex', '0');
  await expect(table).toHaveAccessibleDescription('Scroll sideways to see more');
  await expect(edge).toHaveAttribute('data-scroll-cue', 'more');
  await expect(edge).toHaveCSS('opacity', '1');

  await table.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expect(edge).toHaveAttribute('data-scroll-cue', 'end');
  await table.evaluate((box) => box.scrollTo({ left: 0 }));
  await expect(edge).toHaveAttribute('data-scroll-cue', 'more');

  // Widened to a desk, the same table fits: no region, no hint, no edge.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(hint).toHaveCount(0);
  await expect(table).toHaveCount(0);
  await expect(edge).toHaveAttribute('data-scroll-cue', 'end');
});

const TOUR = {
  dashboard: '/dashboard',
  'school-users': '/schools/users',
  insights: '/schools/insights',
  'staff-points': '/schools/staff',
  'activity-water': '/activities/water',
  progress: '/progress',
} as const;

test('pictures of the layout at 320, 390, 1024 and 1280 px, English and Spanish', async ({
  page,
  school,
  request,
}, testInfo) => {
  test.skip(!process.env.SCREENSHOTS, 'pictures to look at: SCREENSHOTS=1');
  test.setTimeout(300_000);
  for (const language of ['en', 'es'] as const) {
    await setLanguage(request, school.coordinator, language);
    for (const [name, path] of Object.entries(TOUR)) {
      for (const desk of [320, 390, 1024, 1280]) {
        await open(page, path, desk);
        await page.screenshot({
          path: testInfo.outputPath(`${language}-${name}-${desk}.png`),
          scale: 'css',
          animations: 'disabled',
          fullPage: true,
        });
      }
    }
  }
  await setLanguage(request, school.coordinator, 'en');
});
