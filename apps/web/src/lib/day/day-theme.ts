import {
  type AmountTone,
  COLOR_NAMES,
  type DayColor,
  THEME_HEX,
  THEME_TEXT_HEX,
  type ThemeColor,
} from '@wellbank/domain';
import type { CSSProperties } from 'react';

/** How a theme colour is called (the domain's English; render it with `i18n._`). */
export { COLOR_NAMES };

export function themeHex(color: ThemeColor | DayColor): string {
  return THEME_HEX[color];
}

/** A theme colour as a fill, with the text colour that reads on it (decision 0036). */
export function themeStyle(color: ThemeColor | DayColor): CSSProperties {
  return { backgroundColor: THEME_HEX[color], color: THEME_TEXT_HEX[color] };
}

/** The text colour of an amount, by the domain's sign rule (amountTone): never a green loss. */
export const TONE_CLASS: Record<AmountTone, string> = {
  gain: 'text-accent-strong',
  loss: 'text-danger',
  none: 'text-slate-700',
};
