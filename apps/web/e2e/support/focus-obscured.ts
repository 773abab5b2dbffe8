import type { Page } from '@playwright/test';

/** Where the focus is (null: nowhere, past the page's last control) and whether it is hidden. */
export interface FocusStop {
  at: string | null;
  hidden: string | null;
}

/**
 * WCAG 2.2's focus not obscured (2.4.11): is the focused element entirely hidden, by the sticky
 * header, the dashboard's log bar, a banner, or by being off screen? Points on a grid over its
 * box (within the window) are asked for the topmost element there; the focus is hidden when no
 * point finds the element (or an element inside it, or one it sits in), and `hidden` says by what.
 */
export function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return { at: null, hidden: null };
    // A visually hidden radio button shows its focus on the face drawn beside it (FaceRating).
    const shown =
      focused.getBoundingClientRect().width <= 1
        ? (focused.closest('label') ?? focused.nextElementSibling ?? focused)
        : focused;
    const box = shown.getBoundingClientRect();
    const name = (
      focused.getAttribute('aria-label') ??
      (focused.textContent?.trim() || focused.getAttribute('name') || focused.tagName)
    ).slice(0, 60);
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, window.innerWidth);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    const at = `${focused.tagName.toLowerCase()} "${name}"`;
    if (right - left < 1 || bottom - top < 1) return { at, hidden: `${at} is off screen` };

    const steps = 4;
    const covers = new Set<string>();
    for (let i = 0; i <= steps; i += 1) {
      for (let j = 0; j <= steps; j += 1) {
        const x = left + 0.5 + ((right - left - 1) * i) / steps;
        const y = top + 0.5 + ((bottom - top - 1) * j) / steps;
        const hit = document.elementFromPoint(x, y);
        if (!hit || shown.contains(hit) || hit.contains(shown)) return { at, hidden: null };
        covers.add(`${hit.tagName.toLowerCase()}.${[...hit.classList].slice(0, 4).join('.')}`);
      }
    }
    return { at, hidden: `${at} is hidden by ${[...covers].join(', ')}` };
  });
}

/** Enough for the longest page's first screens: far enough to scroll down and back. */
const MOST_STOPS = 40;

/**
 * Tabs to the page's end (the focus leaves the page), or until a focus trap wraps around to its
 * first control, then Shift+Tab back as many stops; every stop's problem, if any.
 */
export async function focusWalk(page: Page): Promise<string[]> {
  const hidden: string[] = [];
  let first: string | null = null;
  let stops = 0;
  for (; stops < MOST_STOPS; stops += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (stop.hidden) hidden.push(`Tab ${stops + 1}: ${stop.hidden}`);
    if (stop.at === null || stop.at === first) break;
    first ??= stop.at;
  }
  for (let back = 0; back < stops; back += 1) {
    await page.keyboard.press('Shift+Tab');
    const stop = await focusStop(page);
    if (stop.hidden) hidden.push(`Shift+Tab ${back + 1}: ${stop.hidden}`);
  }
  return hidden;
}
