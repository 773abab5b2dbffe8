import { THEME_HEX } from '@wellbank/domain';

/** Publishes the domain's theme colours as CSS custom properties that Tailwind's tokens read. */
export function applyThemeTokens(root: HTMLElement = document.documentElement): void {
  for (const [name, hex] of Object.entries(THEME_HEX)) {
    root.style.setProperty(`--wb-${name.replace('_', '-')}`, hex);
  }
}
