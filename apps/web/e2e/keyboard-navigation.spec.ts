import type { Locator, Page } from '@playwright/test';
import { createSchool, paySubscription } from './support/accounts.ts';
import { signInThroughStorage } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

/**
 * Where the focused element shows its focus: itself, or for a visually hidden radio button the
 * face drawn beside it (FaceRating).
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  const indicator = await page.evaluate(() => {
    const focused = document.activeElement;
    const shown = focused?.matches('input[type="radio"]') ? focused.nextElementSibling : focused;
    if (!shown || shown === document.body) return { element: 'nothing', visible: false };
    const style = getComputedStyle(shown);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
    const ring = style.boxShadow !== 'none';
    return { element: shown.outerHTML.slice(0, 120), visible: outline || ring };
  });
  expect(indicator.visible, `no focus outline or ring on ${indicator.element}`).toBe(true);
}

async function isFocused(target: Locator): Promise<boolean> {
  return target
    .evaluate((element) => element === document.activeElement, undefined, { timeout: 1_000 })
    .catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus at every stop. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 25 && !(await isFocused(target)); presses += 1) {
    await page.keyboard.press(key);
    await expectVisibleFocus(page);
  }
  await expect(target).toBeFocused();
}

/** Saving waits for the server, which a busy two-core machine can hold up for seconds. */
const SAVING = 15_000;

async function expectFocusInside(dialog: Locator): Promise<void> {
  const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
  expect(inside, 'the focus stays inside the open menu').toBe(true);
}

test('a day is logged with the keyboard alone, with the focus always visible', async ({
  page,
  request,
}) => {
  // Three pages and dozens of key presses, each followed by a look at the focus.
  test.slow();
  const { coordinator } = await createSchool(request);
  await paySubscription(request, coordinator);
  await signInThroughStorage(page, request, coordinator.email);
  await page.goto('/dashboard');

  const plus = page.getByRole('button', { name: /^Log an activity/ });
  const menu = page.getByRole('dialog', { name: 'What did you do today?' });
  await expect(plus).toBeVisible();

  await test.step('the plus menu traps the focus and Escape returns it to the plus button', async () => {
    await tabTo(page, plus);
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expectFocusInside(menu);
    // More presses than the menu has entries: the focus wraps around instead of leaving.
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Tab');
      await expectFocusInside(menu);
      await expectVisibleFocus(page);
    }
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Shift+Tab');
      await expectFocusInside(menu);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(plus).toBeFocused();
    await expectVisibleFocus(page);
  });

  await test.step('sleep: open it from the menu, add an hour, save', async () => {
    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await tabTo(page, menu.getByRole('link', { name: /^Sleep/ }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/activities\/sleep$/);

    await tabTo(page, page.getByRole('button', { name: 'Add 30 minutes to Time asleep' }));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await expect(page.getByTestId('value-Time asleep')).toHaveText('1:00');

    await tabTo(page, page.getByRole('button', { name: "Okay, I'm done for now" }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: SAVING });
    await expect(page.getByRole('region', { name: 'Sleep' })).toContainText('1:00');
  });

  await test.step('stress: open Social from the sub-menu, rate it with the arrow keys, save', async () => {
    await tabTo(page, plus);
    await page.keyboard.press('Enter');
    await tabTo(page, menu.getByRole('button', { name: /^Stress/ }));
    await page.keyboard.press('Enter');
    await tabTo(page, menu.getByRole('link', { name: /^Social/ }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/stress\/people$/);

    // Tab enters the group on its first face; the arrow keys move between faces and pick one.
    await tabTo(page, page.getByRole('radio', { name: '1, no stress' }));
    await page.keyboard.press('ArrowRight');
    const picked = page.getByRole('radio', { name: '2, a little stress' });
    await expect(picked).toBeChecked();
    await expect(picked).toBeFocused();
    await expectVisibleFocus(page);

    await tabTo(page, page.getByRole('button', { name: "Okay, I'm done for now" }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: SAVING });
    await expect(page.getByTestId('stress-total')).toHaveText('-$0.25');
  });
});
