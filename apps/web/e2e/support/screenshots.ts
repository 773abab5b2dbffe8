import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

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
