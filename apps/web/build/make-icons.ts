/**
 * Renders the app's install icons (the web app manifest's PNGs) from SVG with Debian's Chromium,
 * so nothing is downloaded: `node apps/web/build/make-icons.ts`. The PNGs are committed; run this
 * again only when the mark or the theme colour changes.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { BRAND_HEX } from '../../../packages/domain/src/colors.ts';

const HEART = 'M32 50s-16-9.5-16-21a9 9 0 0 1 16-5.6A9 9 0 0 1 48 29c0 11.5-16 21-16 21z';
const GREEN = BRAND_HEX.accent;

/** The favicon's rounded square: browsers show "any" icons as they are. */
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${GREEN}"/><path d="${HEART}" fill="#fff"/></svg>`;

/**
 * Full bleed, the heart inside the central 80 % circle every launcher mask keeps
 * (https://w3c.github.io/manifest/#icon-masks): scaled to 70 % around the centre.
 */
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${GREEN}"/><g transform="translate(32 32) scale(0.7) translate(-32 -33)"><path d="${HEART}" fill="#fff"/></g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: anyIcon },
  { file: 'icon-512.png', size: 512, svg: anyIcon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskableIcon },
  { file: 'apple-touch-icon.png', size: 180, svg: maskableIcon },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${sized}`);
    const png = await page.screenshot({ omitBackground: true });
    await writeFile(fileURLToPath(new URL(`../public/icons/${file}`, import.meta.url)), png);
    await page.close();
  }
} finally {
  await browser.close();
}
