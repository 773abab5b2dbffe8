import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type AmountTone, type DayColor, THEME_HEX, type ThemeColor } from '@wellbank/domain';

/** How a theme colour is read out (the colours themselves are SPEC.md §4's). */
export const COLOR_NAMES: Record<ThemeColor, MessageDescriptor> = {
  grey: msg`grey`,
  dark_red: msg`red`,
  light_red: msg`light red`,
  yellow: msg`yellow`,
  light_green: msg`light green`,
  dark_green: msg`green`,
};

export function themeHex(color: ThemeColor | DayColor): string {
  return THEME_HEX[color];
}

/** The text colour of an amount, by the domain's sign rule (amountTone): never a green loss. */
export const TONE_CLASS: Record<AmountTone, string> = {
  gain: 'text-accent-strong',
  loss: 'text-danger',
  none: 'text-slate-700',
};
