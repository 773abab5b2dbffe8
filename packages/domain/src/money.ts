import { formatCount, numberFormat } from './format.ts';
import type { Language } from './i18n/languages.ts';

/** Money is integer cents everywhere inside the product; dollars only on the wire and on screen. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * "$4.00", "-$1.25", "$1,234.56", as Intl's en-US currency format writes them, from whole cents
 * (a fraction rounds half away from zero, as Intl does). Not Intl itself: the first Intl
 * formatter a page makes loads ICU's data, ~40 ms of a phone's main thread before the dashboard
 * can paint (docs/decisions/0018-web-bundle-budget.md).
 *
 * Another language uses Intl's format of its locale (es-US writes dollars as en-US does: "$4.00").
 */
export function formatCents(cents: number, language: Language = 'en'): string {
  const whole = Math.round(Math.abs(cents));
  if (language !== 'en') {
    const dollars = numberFormat(language, { style: 'currency', currency: 'USD' });
    return dollars.format((cents < 0 && whole > 0 ? -whole : whole) / 100);
  }
  const sign = cents < 0 && whole > 0 ? '-' : '';
  return `${sign}$${formatCount(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

/** Rounds half away from zero, so a day's positive and negative points are symmetric. */
export function roundHalfAwayFromZero(value: number): number {
  // `+ 0` turns −0 (from a small negative) into 0, which formats without a minus sign.
  return Math.sign(value) * Math.round(Math.abs(value)) + 0;
}
