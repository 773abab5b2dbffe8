import type { Page } from '@playwright/test';

/*
 * WCAG 2.2 AA 1.4.11 Non-text contrast for what axe does not measure: a field is seen by its
 * border, so the border is at least 3 : 1 against what is behind the field.
 */

/** Each field whose border is under 3 : 1 against the nearest background behind it. */
export function faintFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Any CSS colour (Tailwind's are oklch) as sRGB channels 0–255 and alpha 0–255, by painting it.
    const canvas = document.createElement('canvas').getContext('2d', {
      willReadFrequently: true,
    });
    const channels = (colour: string): number[] => {
      if (!canvas) throw new Error('no canvas');
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data];
    };
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const background = (element: Element | null): string => {
      for (let at = element; at; at = at.parentElement) {
        const colour = getComputedStyle(at).backgroundColor;
        if ((channels(colour)[3] ?? 0) > 0) return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    const fields = document.querySelectorAll(
      'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), select, textarea',
    );
    return [...fields].flatMap((field) => {
      if (field.getBoundingClientRect().width <= 1) return [];
      const border = getComputedStyle(field).borderTopColor;
      const [a, b] = [luminance(border), luminance(background(field.parentElement))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const name = field.getAttribute('aria-label') ?? field.id;
      return ratio < 3 ? [`${name}: border ${border}, ${ratio.toFixed(2)} : 1`] : [];
    });
  });
}
