import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';

const SCREENSHOTS_DIR = fileURLToPath(new URL('../../../../docs/screenshots/', import.meta.url));

/**
 * The one way browser tests write docs/screenshots/web-{name}.png (or `file`.png there, such as
 * `es/login`): a 390×844 picture of what a phone shows. Only `npm run screenshots`
 * (SCREENSHOTS=1) writes, so an ordinary test run leaves the committed pictures alone.
 */
export async function saveScreenshot(page: Page, name: string, file = `web-${name}`) {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({
    path: `${SCREENSHOTS_DIR}${file}.png`,
    // CSS pixels, not the device's 2.625 pixels per CSS pixel: the picture is 390×844.
    scale: 'css',
    animations: 'disabled',
  });
}

/** A full-page picture attached to the test's report (test-results), to look at; not committed. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, scale: 'css', animations: 'disabled', fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The same at a phone's width and a desk's (`{name}-390`, `{name}-1280`), back on the phone after. */
export async function attachAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await attachScreenshot(page, testInfo, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}
