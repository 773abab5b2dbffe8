import { BRAND_HEX, THEME_HEX, THEME_TEXT_HEX } from '@wellbank/domain';

const kebab = (name: string) =>
  name.replace(/[A-Z_]/g, (c) => `-${c.replace('_', '').toLowerCase()}`);

/**
 * Publishes the domain's colours as CSS custom properties that Tailwind's tokens read:
 * `--wb-light-green` (a theme colour), `--wb-light-green-text` (the text drawn on it),
 * `--wb-accent-strong` (the app's own).
 */
export function applyThemeTokens(root: HTMLElement = document.documentElement): void {
  for (const [name, hex] of Object.entries(THEME_HEX)) {
    root.style.setProperty(`--wb-${kebab(name)}`, hex);
    root.style.setProperty(
      `--wb-${kebab(name)}-text`,
      THEME_TEXT_HEX[name as keyof typeof THEME_HEX],
    );
  }
  for (const [name, hex] of Object.entries(BRAND_HEX)) {
    root.style.setProperty(`--wb-${kebab(name)}`, hex);
  }
}
