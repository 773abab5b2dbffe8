import type { Page } from '@playwright/test';

/**
 * WCAG 2.2 AA 1.4.10 Reflow: what makes the page scroll sideways in a window `width` CSS px
 * wide. A wide table may scroll inside its own box (two-dimensional content, the criterion's
 * exception); the page itself may not.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // What overflows the window and is not inside a box that scrolls or clips it.
        if (box.right <= width + 1 || box.width === 0) return false;
        for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
          if (getComputedStyle(at).overflowX !== 'visible') return false;
        }
        return true;
      })
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}" to ${Math.round(element.getBoundingClientRect().right)} px`,
      );
    const scrolls = document.documentElement.scrollWidth;
    return scrolls > width ? [...wider, `the page is ${scrolls} px wide`] : wider;
  });
}
