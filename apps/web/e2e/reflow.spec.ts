import type { Page } from '@playwright/test';
import { expect, test } from './support/catalogue-test.ts';
import { openVisit, PUBLIC_PAGES, SIGNED_IN_PAGES } from './support/page-catalogue.ts';

/*
 * WCAG 2.2 AA 1.4.10 Reflow: at 320 CSS px wide (1280 px at 400 % zoom) no page scrolls
 * sideways. A wide table may scroll inside its own box (two-dimensional content, the criterion's
 * exception); the page itself may not.
 */
test.use({ viewport: { width: 320, height: 640 } });

async function expectNoSidewaysScroll(page: Page) {
  const wider = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // What overflows the window and is not inside a box that scrolls or clips it.
        if (box.right <= width + 1 || box.width === 0) return false;
        for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
          if (getComputedStyle(at).overflowX !== 'visible') return false;
        }
        return true;
      })
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}" to ${Math.round(element.getBoundingClientRect().right)} px`,
      );
  });
  expect(wider).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

for (const visit of PUBLIC_PAGES) {
  test(`public page ${visit.name} reflows at 320 px`, async ({ page, school }) => {
    await openVisit(page, visit, school);
    await expectNoSidewaysScroll(page);
  });
}

test.describe('signed in as the coordinator', () => {
  test.use({ storageState: async ({ coordinatorState }, use) => use(coordinatorState) });

  for (const visit of SIGNED_IN_PAGES) {
    test(`page ${visit.name} reflows at 320 px`, async ({ page, school }) => {
      await openVisit(page, visit, school);
      await expectNoSidewaysScroll(page);
    });
  }
});
