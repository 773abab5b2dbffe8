import type { FocusEvent } from 'react';

/**
 * For a scrolling dialog's content (the sidebar drawer, the log menu): Radix's focus trap moves
 * the focus with `preventScroll` when Tab wraps from the last control to the first, which would
 * leave the focused control scrolled out of sight (WCAG 2.2 2.4.11). Bring it into view; a control
 * already in view does not move.
 */
export function revealFocused(event: FocusEvent<HTMLElement>): void {
  if (event.target instanceof HTMLElement) event.target.scrollIntoView({ block: 'nearest' });
}
