import type { Page } from '@playwright/test';
import type { CreatedSchool } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/catalogue-test.ts';
import { faintFields } from './support/field-contrast.ts';
import { focusWalk } from './support/focus-obscured.ts';
import {
  expectPageReady,
  openVisit,
  type PageVisit,
  PUBLIC_PAGES,
  SIGNED_IN_PAGES,
} from './support/page-catalogue.ts';
import { sidewaysOverflow } from './support/reflow.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { undersizedTargets, WCAG_TARGET } from './support/target-size.ts';

/*
 * Every page of the catalogue against WCAG 2.2 AA, one test a page, each width opened once:
 * - on a 390 px phone: axe's A/AA rules, the criteria axe cannot see — 2.5.8 target size (every
 *   interactive box 24 × 24 px or spaced), 1.4.11 non-text contrast (field borders ≥ 3 : 1), and
 *   2.4.11 focus not obscured (Tab to the end and back, the focus never under the sticky header,
 *   the log bar or a banner) — and the picture docs/screenshots/web-{name}.png;
 * - on a 1280 px desk (signed-in pages, where the layout changes): focus not obscured again;
 * - at 320 px (1280 px at 400 % zoom): 1.4.10 reflow, no page scrolls sideways.
 * Soft expectations, so that one test reports every criterion a page fails.
 */

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const ZOOMED = { width: 320, height: 640 };

async function checkOnPhone(page: Page, visit: PageVisit, school: CreatedSchool) {
  await openVisit(page, visit, school);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, visit.name);
  expect.soft(await undersizedTargets(page, WCAG_TARGET), '2.5.8 target size').toEqual([]);
  expect.soft(await faintFields(page), '1.4.11 field borders').toEqual([]);
  // Last: the walk moves the focus and scrolls the page.
  expect.soft(await focusWalk(page), '2.4.11 focus not obscured at 390 px').toEqual([]);
}

async function checkOnDesk(page: Page, visit: PageVisit, school: CreatedSchool) {
  await page.setViewportSize(DESK);
  await openVisit(page, visit, school);
  expect.soft(await focusWalk(page), '2.4.11 focus not obscured at 1280 px').toEqual([]);
}

async function checkZoomed(page: Page, visit: PageVisit, school: CreatedSchool) {
  await page.setViewportSize(ZOOMED);
  await openVisit(page, visit, school);
  expect.soft(await sidewaysOverflow(page), '1.4.10 reflow at 320 px').toEqual([]);
}

// Three openings of a page and up to eighty key presses each walk: past 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: PHONE });

// The public pages have nothing sticky or fixed: the phone's walk covers the desk's.
for (const visit of PUBLIC_PAGES) {
  test(`public page ${visit.name} meets WCAG 2.2 AA`, async ({ page, school }) => {
    await checkOnPhone(page, visit, school);
    await checkZoomed(page, visit, school);
  });
}

test.describe('signed in as the coordinator', () => {
  test.use({ storageState: async ({ coordinatorState }, use) => use(coordinatorState) });

  for (const visit of SIGNED_IN_PAGES) {
    test(`page ${visit.name} meets WCAG 2.2 AA`, async ({ page, school }) => {
      await checkOnPhone(page, visit, school);
      await checkOnDesk(page, visit, school);
      await checkZoomed(page, visit, school);
    });
  }
});

test('the measures find a hidden focus, a page wider than the window and a faint field', async ({
  page,
}) => {
  await page.goto('/login');
  await expectPageReady(page);
  // Styled through the CSSOM: the page's CSP refuses style attributes in markup.
  await page.evaluate(() => {
    const cover = document.createElement('div');
    Object.assign(cover.style, { position: 'fixed', inset: '0', background: 'white' });
    const field = Object.assign(document.createElement('input'), { id: 'faint' });
    Object.assign(field.style, { border: '1px solid rgb(238, 238, 238)' });
    const wide = document.createElement('p');
    wide.textContent = 'too wide';
    Object.assign(wide.style, { width: '500px' });
    document.body.prepend(field, wide);
    document.body.append(cover);
  });
  expect(await faintFields(page)).toEqual([expect.stringMatching(/^faint: border /)]);
  expect((await focusWalk(page))[0]).toMatch(/^Tab 1: .* is hidden by div/);
  await page.setViewportSize(ZOOMED);
  expect(await sidewaysOverflow(page)).toContain('p "too wide" to 500 px');
});
