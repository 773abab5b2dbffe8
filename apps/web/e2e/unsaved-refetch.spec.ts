import { counterValue, signInStudentOfPaidSchool } from './support/daily-logging.ts';
import { logActivity } from './support/school-life.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

/**
 * Issue 35: "a fruit serving vanished". A value tapped but not saved must survive every way the
 * page's data is read again behind the form: the tab coming back, the network coming back, the
 * same day changed elsewhere, a save of another category; what was not changed here follows the
 * server; and leaving still asks first. (The refetch never reset the form; the cups saved
 * elsewhere were lost instead, the form saving the value it had read before.)
 */
test('an unsaved serving survives the day being read again, untouched values follow it, and leaving still asks', async ({
  page,
  context,
  request,
}) => {
  const student = await signInStudentOfPaidSchool(page, request);
  await page.goto('/activities/water');
  const fruit = counterValue(page, 'Servings of fruit');
  await expect(fruit).toHaveValue('0');
  await page.getByRole('button', { name: 'Add 1 to Servings of fruit' }).click();
  await expect(fruit).toHaveValue('1');

  // The tab hidden and shown again, and the window focused.
  await page.evaluate(() => {
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
  // Another category saved from another device, and this day's water too; the cached day is
  // stale by then (15 s), so the network coming back reads it again.
  await logActivity(request, student, { type: 'sleep', values: { minutes: 480 } });
  await logActivity(request, student, { type: 'water', values: { cups: 2 } });
  await page.waitForTimeout(16_000);
  const read = page.waitForResponse((response) => response.url().endsWith('/api/v1/activities'));
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await read;
  await expect(fruit).toHaveValue('1');
  // The cups saved elsewhere, untouched here, are shown: Done would not put 0 back over them.
  await expect(counterValue(page, 'Cups of water')).toHaveValue('2');

  // Leaving by the menu still asks, and staying keeps the value.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Progress' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/activities\/water$/);
  await expect(fruit).toHaveValue('1');
});
