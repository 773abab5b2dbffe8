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

/** Hex values of the theme, chosen for ≥ 4.5:1 contrast against white text where used as a fill. */
export const THEME_HEX: Readonly<Record<ThemeColor, string>> = {
  grey: '#4b5563',
  dark_red: '#b91c1c',
  light_red: '#c2410c',
  yellow: '#a16207',
  light_green: '#15803d',
  dark_green: '#166534',
};

export type AmountTone = 'gain' | 'loss' | 'none';

/** An amount's colour follows its sign (issue 17): green earns, red costs, $0.00 is neither. */
export function amountTone(cents: number): AmountTone {
  if (cents > 0) return 'gain';
  return cents < 0 ? 'loss' : 'none';
}
