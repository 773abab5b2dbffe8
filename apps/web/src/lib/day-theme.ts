import { type DayColor, THEME_HEX, type ThemeColor } from '@wellbank/domain';

/** How a theme colour is read out (the colours themselves are SPEC.md §4's). */
export const COLOR_NAMES: Record<ThemeColor, string> = {
  grey: 'grey',
  dark_red: 'red',
  light_red: 'light red',
  yellow: 'yellow',
  light_green: 'light green',
  dark_green: 'green',
};

export function themeHex(color: ThemeColor | DayColor): string {
  return THEME_HEX[color];
}
