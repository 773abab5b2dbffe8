import type { Page } from '@playwright/test';
import { expect, test } from './support/catalogue-test.ts';
import { focusStop } from './support/focus-obscured.ts';
import { openVisit, PUBLIC_PAGES, SIGNED_IN_PAGES } from './support/page-catalogue.ts';

/*
 * WCAG 2.2 AA 2.4.11 Focus not obscured (minimum), which axe cannot see: every page of the
 * catalogue is walked with Tab and back with Shift+Tab, on a phone (390 px) and a desk (1280 px),
 * and at every stop the focused element must show, not sit under the sticky header, the
 * dashboard's log bar or a banner.
 */

/** Enough for the longest page's first screens: far enough to scroll down and back. */
const MOST_STOPS = 40;

/**
 * Tab to the page's end (the focus leaves the page), or until a focus trap wraps around to its
 * first control, then Shift+Tab back as many stops; every stop's problem, if any.
 */
async function walk(page: Page): Promise<string[]> {
  const hidden: string[] = [];
  let first: string | null = null;
  let stops = 0;
  for (; stops < MOST_STOPS; stops += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (stop.hidden) hidden.push(`Tab ${stops + 1}: ${stop.hidden}`);
    if (stop.at === null || stop.at === first) break;
    first ??= stop.at;
  }
  for (let back = 0; back < stops; back += 1) {
    await page.keyboard.press('Shift+Tab');
    const stop = await focusStop(page);
    if (stop.hidden) hidden.push(`Shift+Tab ${back + 1}: ${stop.hidden}`);
  }
  return hidden;
}

// The public pages have nothing sticky or fixed: a phone's walk shows the focus stays on screen.
for (const visit of PUBLIC_PAGES) {
  test(`public page ${visit.name}: the focus is never hidden`, async ({ page, school }) => {
    await openVisit(page, visit, school);
    expect(await walk(page)).toEqual([]);
  });
}

// Up to eighty key presses a page, each followed by a look at the focus: past 30 s when busy.
test.describe.configure({ timeout: 90_000 });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 1000 ? 844 : 800 } });

    test.describe('signed in as the coordinator', () => {
      test.use({ storageState: async ({ coordinatorState }, use) => use(coordinatorState) });

      for (const visit of SIGNED_IN_PAGES) {
        test(`page ${visit.name}: the focus is never hidden`, async ({ page, school }) => {
          await openVisit(page, visit, school);
          expect(await walk(page)).toEqual([]);
        });
      }
    });
  });
}
