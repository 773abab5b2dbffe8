import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { isSchoolDay, localDate, streakPoints } from '@wellbank/domain';
import {
  type Account,
  createSchool,
  joinSchoolAsStudent,
  paySubscription,
  signIn,
} from './accounts.ts';
import { saveScreenshot } from './screenshots.ts';

/** Helpers for the daily-logging pages: dashboard, log menu, entry pages and stress flow. */

/** A student of a school that has paid its subscription (or the nested pages stay gated). */
export async function signInStudentOfPaidSchool(
  page: Page,
  request: APIRequestContext,
): Promise<Account> {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id);
  await signIn(page, student.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  return student;
}

/**
 * The header's points after a first complete day of `dayPoints`: its streak points (5) only on a
 * school day; a complete Saturday or Sunday earns none (decision 0082). Test schools are in Denver
 * and mark no holidays.
 */
export function firstCompleteDayPoints(dayPoints: number): string {
  const today = localDate(new Date(), 'America/Denver');
  return String(dayPoints + (isSchoolDay(today, new Set()) ? streakPoints(1) : 0));
}

/** Taps a button `times` times, one tap after another, as a thumb would. */
export async function tap(button: Locator, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) await button.click();
}

/** The plus button, whatever its incomplete dot currently adds to its name. */
export function logMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Log an activity/ });
}

/**
 * The counter's value: the typed field between its minus and plus buttons (read with
 * toHaveValue), or for a duration its h:mm beside the label (toHaveText).
 */
export function counterValue(page: Page, label: string): Locator {
  return page.getByRole('group', { name: label }).getByTestId(`value-${label}`);
}

/** A face of the stress rating: the label a finger taps, which wraps the radio button. */
export function face(page: Page, name: string): Locator {
  return page.locator('label').filter({ has: page.getByRole('radio', { name }) });
}

/** A touch target must be at least 44 × 44 CSS pixels (WCAG 2.5.5). */
export async function expectTouchTarget(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(box, 'the target is on screen').not.toBeNull();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
}

/**
 * Keeps what the phone's screen shows (not the full page, where the floating plus button would sit
 * over whatever card is 844 px down) as a test artifact, and in docs/screenshots under
 * `npm run screenshots`.
 */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const artifact = testInfo.outputPath(`${name}.png`);
  // CSS pixels: a 390×844 picture, not the device's 2.625 pixels per CSS pixel.
  await page.screenshot({ path: artifact, scale: 'css', animations: 'disabled' });
  await testInfo.attach(name, { path: artifact, contentType: 'image/png' });
  await saveScreenshot(page, name);
}
