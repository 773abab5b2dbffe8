import type { Page } from '@playwright/test';

/**
 * WCAG 2.2's target size (2.5.8), measured: every element a pointer can act on, by the box a
 * finger can hit. `minimum` is the side in CSS px; with `spacing`, an undersized target still
 * passes when a circle of that diameter on its centre touches no other target (nor another
 * undersized target's circle), as 2.5.8's spacing exception says. Targets in a line of text
 * (a link in a sentence) are 2.5.8's inline exception and left out.
 */
export interface TargetRule {
  minimum: number;
  spacing: boolean;
}

/** 2.5.8 at level AA, on every page. */
export const WCAG_TARGET: TargetRule = { minimum: 24, spacing: true };

/** The child's pages (decision 0062): 44 × 44 px, as the platforms' guidelines ask of a thumb. */
export const CHILD_TARGET: TargetRule = { minimum: 44, spacing: false };

/** One line per failing target: what it is, its name and its size. */
export function undersizedTargets(page: Page, rule: TargetRule): Promise<string[]> {
  return page.evaluate(({ minimum, spacing }) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[tabindex="0"]',
    ].join(', ');

    /**
     * The box a finger can hit: a visually hidden control's is its label's (the faces, the
     * switches); a link stretched over its card by an absolute ::after (the dashboard's cards) is
     * the card's. Null for what is not on screen (a skip link until it has the focus).
     */
    function hitBox(element: Element): DOMRect | null {
      if (getComputedStyle(element).visibility === 'hidden') return null;
      let box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) {
        const label =
          element.closest('label') ??
          (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null);
        if (!label) return null;
        box = label.getBoundingClientRect();
      }
      const after = getComputedStyle(element, '::after');
      if (after.position === 'absolute' && after.content !== 'none') {
        let holder = element.parentElement;
        while (holder && getComputedStyle(holder).position === 'static') {
          holder = holder.parentElement;
        }
        if (holder) box = holder.getBoundingClientRect();
      }
      return box.width > 0 && box.height > 0 ? box : null;
    }

    /** 2.5.8's inline exception: an inline link whose block says more than the link. */
    function inSentence(element: Element): boolean {
      if (getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      const around = (block?.textContent ?? '').replace(element.textContent ?? '', '');
      return around.trim().length > 0;
    }

    const targets = [...document.querySelectorAll(selector)]
      .filter((element) => !inSentence(element))
      .flatMap((element) => {
        const box = hitBox(element);
        return box ? [{ element, box }] : [];
      });
    const small = (box: DOMRect) => box.width < minimum || box.height < minimum;
    const centre = (box: DOMRect) => ({
      x: box.left + box.width / 2,
      y: box.top + box.height / 2,
    });
    const related = (a: Element, b: Element) => a === b || a.contains(b) || b.contains(a);
    /** How far a point is from a box (0 inside it). */
    const distance = (point: { x: number; y: number }, box: DOMRect) =>
      Math.hypot(
        Math.max(box.left - point.x, 0, point.x - box.right),
        Math.max(box.top - point.y, 0, point.y - box.bottom),
      );
    const radius = minimum / 2;

    const failing = targets.filter(({ element, box }) => {
      if (!small(box)) return false;
      if (!spacing) return true;
      const mine = centre(box);
      return targets.some(
        (other) =>
          !related(element, other.element) &&
          (distance(mine, other.box) < radius ||
            (small(other.box) &&
              Math.hypot(mine.x - centre(other.box).x, mine.y - centre(other.box).y) < minimum)),
      );
    });
    return failing.map(({ element, box }) => {
      const name =
        element.getAttribute('aria-label') ??
        (element.textContent?.trim() || element.getAttribute('name') || element.id);
      return `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
    });
  }, rule);
}
