export const DAY_COLORS = ['dark_red', 'light_red', 'yellow', 'light_green', 'dark_green'] as const;
export type DayColor = (typeof DAY_COLORS)[number];
export type ThemeColor = DayColor | 'grey';

/**
 * SPEC.md §4 thresholds in cents, shared by the dashboard theme, the food level circle, the weekly
 * counts and the school insights' SQL: ≤ −2.5 dark red; ≤ −1 light red; < 1 yellow; < 2.5 light
 * green; else dark green.
 */
export const DAY_COLOR_BOUNDS = {
  darkRedAtMost: -250,
  lightRedAtMost: -100,
  yellowBelow: 100,
  lightGreenBelow: 250,
} as const;

export function dayColor(cents: number): DayColor {
  if (cents <= DAY_COLOR_BOUNDS.darkRedAtMost) return 'dark_red';
  if (cents <= DAY_COLOR_BOUNDS.lightRedAtMost) return 'light_red';
  if (cents < DAY_COLOR_BOUNDS.yellowBelow) return 'yellow';
  if (cents < DAY_COLOR_BOUNDS.lightGreenBelow) return 'light_green';
  return 'dark_green';
}

/** The dashboard theme: grey until something is logged, then the balance colour. */
export function themeColor(balanceCents: number, anythingLogged: boolean): ThemeColor {
  return anythingLogged ? dayColor(balanceCents) : 'grey';
}

export type ColorCount = Record<DayColor, number>;

export function countColors(centsPerDay: readonly number[]): ColorCount {
  const counts: ColorCount = {
    dark_red: 0,
    light_red: 0,
    yellow: 0,
    light_green: 0,
    dark_green: 0,
  };
  for (const cents of centsPerDay) counts[dayColor(cents)] += 1;
  return counts;
}

/**
 * The theme colours (decision 0036): five a child tells apart at a glance — two reds, a yellow,
 * two greens, each pair at least 20 apart in CIEDE2000, and at least 10 apart as people with
 * protanopia, deuteranopia or tritanopia see them — and grey for "nothing logged yet". The light
 * ones are light, so the text on them is dark (THEME_TEXT_HEX).
 */
export const THEME_HEX: Readonly<Record<ThemeColor, string>> = {
  grey: '#4b5563',
  dark_red: '#b91c1c',
  light_red: '#f87171',
  yellow: '#fde047',
  light_green: '#86efac',
  dark_green: '#047857',
};

const WHITE = '#ffffff';
/** The app's body text (Tailwind slate-900). */
export const DARK_TEXT_HEX = '#0f172a';

/** The colour of text and icons drawn on each theme colour: ≥ 4.5:1 against it (WCAG AA). */
export const THEME_TEXT_HEX: Readonly<Record<ThemeColor, string>> = {
  grey: WHITE,
  dark_red: WHITE,
  light_red: DARK_TEXT_HEX,
  yellow: DARK_TEXT_HEX,
  light_green: DARK_TEXT_HEX,
  dark_green: WHITE,
};

/**
 * The app's own colours, apart from the day's: buttons, links and the header before the day's
 * colour is known (white text on `accent`, `accentStrong` and `danger` as text on white). They
 * are no longer the light green and the red of the theme, which a day may need to be pale.
 */
export const BRAND_HEX = {
  accent: '#15803d',
  accentStrong: '#166534',
  danger: '#b91c1c',
} as const;

/**
 * What each theme colour is called, everywhere (the dashboard, the progress table, screen
 * readers): SPEC.md §4's words. English; the catalogs translate them (the text is the id).
 */
export const COLOR_NAMES: Readonly<Record<ThemeColor, string>> = {
  grey: /*i18n*/ 'grey',
  dark_red: /*i18n*/ 'red',
  light_red: /*i18n*/ 'light red',
  yellow: /*i18n*/ 'yellow',
  light_green: /*i18n*/ 'light green',
  dark_green: /*i18n*/ 'green',
};

export type AmountTone = 'gain' | 'loss' | 'none';

/** An amount's colour follows its sign (issue 17): green earns, red costs, $0.00 is neither. */
export function amountTone(cents: number): AmountTone {
  if (cents > 0) return 'gain';
  return cents < 0 ? 'loss' : 'none';
}
