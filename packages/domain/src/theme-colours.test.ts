import { describe, expect, it } from 'vitest';
import {
  BRAND_HEX,
  COLOR_NAMES,
  DARK_TEXT_HEX,
  DAY_COLORS,
  THEME_HEX,
  THEME_TEXT_HEX,
  type ThemeColor,
} from './colors.ts';
import { contrastRatio, type Deficiency, deltaE2000, simulate } from './colour-science.ts';

/**
 * Decision 0036. Thresholds: CIEDE2000 ≥ 20 between any two theme colours (distinct categories
 * at a glance; 2 is just noticeable, the old light and dark greens were 9.4 apart), ≥ 10 as
 * seen with each full colour-vision deficiency (clearly different shades; the old light red and
 * yellow were 1.1 apart for deuteranopes). Text: WCAG AA 4.5:1.
 */
const DISTINCT = 20;
const DISTINCT_WITH_DEFICIENCY = 10;
const AA = 4.5;

const THEME = Object.keys(THEME_HEX) as ThemeColor[];
const WHITE = '#ffffff';
/** The page background (Tailwind emerald-50) under accent text and links. */
const PAGE = '#ecfdf5';

const pairs = THEME.flatMap((a, i) => THEME.slice(i + 1).map((b) => [a, b] as const));

/** A colour under a black veil (`bg-black/10`: the header's points pill). */
function darken(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `#${[16, 8, 0]
    .map((shift) => Math.round(((value >> shift) & 255) * (1 - alpha)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

describe('theme colours', () => {
  it('has a colour, a text colour and a name for grey and each day colour', () => {
    const expected = ['grey', ...DAY_COLORS].sort();
    expect(Object.keys(THEME_HEX).sort()).toEqual(expected);
    expect(Object.keys(THEME_TEXT_HEX).sort()).toEqual(expected);
    expect(Object.keys(COLOR_NAMES).sort()).toEqual(expected);
  });

  it.each(THEME)('%s: its text reads at ≥ 4.5:1, on the colour and in the darker pill', (c) => {
    expect(contrastRatio(THEME_HEX[c], THEME_TEXT_HEX[c])).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(darken(THEME_HEX[c], 0.1), THEME_TEXT_HEX[c])).toBeGreaterThanOrEqual(AA);
  });

  it.each(pairs)('%s and %s are ≥ 20 apart (CIEDE2000)', (a, b) => {
    expect(deltaE2000(THEME_HEX[a], THEME_HEX[b])).toBeGreaterThanOrEqual(DISTINCT);
  });

  const deficiencies: Deficiency[] = ['protanopia', 'deuteranopia', 'tritanopia'];
  it.each(deficiencies)('every pair stays ≥ 10 apart with %s', (deficiency) => {
    for (const [a, b] of pairs) {
      const seen = deltaE2000(
        simulate(THEME_HEX[a], deficiency),
        simulate(THEME_HEX[b], deficiency),
      );
      expect(seen, `${a}/${b}`).toBeGreaterThanOrEqual(DISTINCT_WITH_DEFICIENCY);
    }
  });

  it('orders the scale by lightness within each hue: light red and light green are light', () => {
    expect(contrastRatio(THEME_HEX.light_red, WHITE)).toBeLessThan(
      contrastRatio(THEME_HEX.dark_red, WHITE),
    );
    expect(contrastRatio(THEME_HEX.light_green, WHITE)).toBeLessThan(
      contrastRatio(THEME_HEX.dark_green, WHITE),
    );
  });
});

describe('the app colours', () => {
  it('take white text at ≥ 4.5:1 (buttons, the header and its pill before the day is known)', () => {
    for (const hex of Object.values(BRAND_HEX)) {
      expect(contrastRatio(hex, WHITE)).toBeGreaterThanOrEqual(AA);
    }
    expect(contrastRatio(darken(BRAND_HEX.accent, 0.1), WHITE)).toBeGreaterThanOrEqual(AA);
  });

  it('read at ≥ 4.5:1 as text on white and on the page background', () => {
    for (const hex of [BRAND_HEX.accentStrong, BRAND_HEX.danger, DARK_TEXT_HEX]) {
      expect(contrastRatio(hex, WHITE)).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(hex, PAGE)).toBeGreaterThanOrEqual(AA);
    }
  });
});
