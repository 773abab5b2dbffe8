import type { Page } from '@playwright/test';
import { addDays, formatDayHeading, localDate } from '@wellbank/domain';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  counterValue,
  face,
  keepScreenshot,
  signInStudentOfPaidSchool,
} from './support/daily-logging.ts';
import { logWater } from './support/school-life.ts';
import { expect, test } from './support/test.ts';

/** Issue #14 §5–6: past days, the unsaved-changes prompt, cards as links, typed and held counters. */

const SAVING = 15_000;
/** Every test school is in Denver (support/accounts.ts). */
const schoolToday = () => localDate(new Date(), 'America/Denver');

/**
 * Starts a test that reads "yesterday" from the real clock after the school's midnight when it is
 * less than a minute away: a midnight in the middle would turn yesterday into an uneditable day
 * (CI met one). Crossing midnight is tested with a fixed clock (offline.spec.ts).
 */
async function clearOfSchoolMidnight(): Promise<void> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Denver',
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const untilMidnight =
    (24 * 3600 - (part('hour') * 3600 + part('minute') * 60 + part('second'))) * 1000;
  if (untilMidnight < 60_000)
    await new Promise((resolve) => setTimeout(resolve, untilMidnight + 2000));
}

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

test('a student opens yesterday from the progress chart, sees it and changes it', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  await clearOfSchoolMidnight();
  const student = await signInStudentOfPaidSchool(page, request);
  await logWater(request, student, 4);
  const yesterday = addDays(schoolToday(), -1);

  await page.goto('/progress');
  await page.getByRole('heading', { name: 'Last 14 days' }).scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'progress-day-links');
  await page.locator(`a[href="/days/${yesterday}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/days/${yesterday}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(formatDayHeading(yesterday));
  await expect(page.getByText('You can still change this day: tap a card.')).toBeVisible();
  // Issue 17: not the dashboard's words for today ("Try to get 9 hours of sleep!").
  await expect(card(page, 'Sleep')).toContainText('Nothing logged yet. Tap to add it.');
  await expect(card(page, 'Stress')).toContainText('Nothing logged yet. Tap to add it.');
  await expect(page.getByRole('main')).not.toContainText(/today/i);
  const sleepLink = card(page, 'Sleep').getByRole('link', { name: 'Sleep', exact: true });
  await expect(sleepLink).toHaveAttribute('href', `/activities/sleep?date=${yesterday}`);
  await expect(
    card(page, 'Stress').getByRole('link', { name: 'Stress', exact: true }),
  ).toHaveAttribute('href', `/stress/people?date=${yesterday}`);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, 'past-day');

  await card(page, 'Water').getByRole('link', { name: 'Water', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/activities/water\\?date=${yesterday}$`));
  await expect(page.getByText(`Yesterday, ${formatDayHeading(yesterday)}`)).toBeVisible();
  await expect(page.getByText('Earn up to $4.00 for yesterday.')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/today/i);
  await expect(counterValue(page, 'Cups of water')).toHaveValue('0');
  await page.getByRole('button', { name: 'Add 1 to Servings of fruit' }).click();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, 'past-day-entry');

  await page.getByRole('button', { name: "Okay, I'm done for now" }).click();
  await expect(page).toHaveURL(new RegExp(`/days/${yesterday}$`), { timeout: SAVING });
  await expect(card(page, 'Water')).toContainText('Servings of fruit');
  await expect(card(page, 'Water')).toContainText('$0.50');

  // The stress flow keeps the day from page to page and returns to it.
  await card(page, 'Stress').getByRole('link', { name: 'Stress', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/stress/people\\?date=${yesterday}$`));
  await expect(page.getByRole('main')).not.toContainText(/today/i);
  await face(page, '3, some stress').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/stress/money\\?date=${yesterday}$`));
  await face(page, '2, a little stress').click();
  await page.getByRole('button', { name: "Okay, I'm done for now" }).click();
  await expect(page).toHaveURL(new RegExp(`/days/${yesterday}$`), { timeout: SAVING });
  await expect(card(page, 'Stress')).toContainText('Social3 of 5');
  await expect(card(page, 'Stress')).toContainText('Financial2 of 5');

  // Today is untouched: still the four cups logged through the API.
  await page.goto('/dashboard');
  await expect(card(page, 'Water')).toContainText('$2.00');
  await expect(card(page, 'Water')).not.toContainText('Servings of fruit');
  await expect(card(page, 'Stress')).toContainText('How stressed are you today? Rate it!');
});

test('older days are read-only; a wrong or future day says so', async ({ page, request }) => {
  await signInStudentOfPaidSchool(page, request);
  const old = addDays(schoolToday(), -3);

  await page.goto(`/days/${old}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(formatDayHeading(old));
  await expect(page.getByRole('status')).toContainText('Only today and yesterday can be changed');
  await expect(card(page, 'Sleep').getByRole('link')).toHaveCount(0);
  await expect(card(page, 'Sleep')).toContainText('Nothing was logged this day.');
  await expect(page.getByRole('main')).not.toContainText('Try to get 9 hours of sleep!');
  await expectNoAxeViolations(page);

  await page.goto(`/activities/sleep?date=${old}`);
  await expect(page.getByRole('heading', { name: 'This day cannot be changed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the day' })).toHaveAttribute(
    'href',
    `/days/${old}`,
  );

  await page.goto('/days/2026-02-30');
  await expect(page.getByRole('heading', { name: 'Day not found' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'The date must be a real day written as YYYY-MM-DD.',
  );
  await page.goto(`/days/${addDays(schoolToday(), 1)}`);
  await expect(page.getByRole('status')).toHaveText('That day has not happened yet.');
  await expectNoAxeViolations(page);
});

test('a dashboard card opens its entry page; a duration is typed or held, and leaving unsaved asks first', async ({
  page,
  request,
}) => {
  await signInStudentOfPaidSchool(page, request);

  await card(page, 'Sunshine').getByRole('link', { name: 'Sunshine', exact: true }).click();
  await expect(page).toHaveURL(/\/activities\/sunshine$/);

  const minutes = page.getByRole('spinbutton', { name: 'Time in the sun in minutes' });
  await minutes.fill('60');
  await expect(counterValue(page, 'Time in the sun')).toHaveText('1:00');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sunshine $2.00');
  await minutes.fill('5000');
  await minutes.blur();
  await expect(minutes).toHaveValue('1440');

  // Held: many steps from one press; a click is one step.
  const remove = page.getByRole('button', { name: 'Remove 2 minutes from Time in the sun' });
  await remove.click();
  await expect(minutes).toHaveValue('1438');
  await remove.hover();
  await page.mouse.down();
  await page.waitForTimeout(1_500);
  await page.mouse.up();
  const held = Number(await minutes.inputValue());
  expect(held).toBeLessThan(1438 - 2 * 10);

  // Leaving by a link asks; staying keeps the changes.
  await page.getByRole('link', { name: 'Wellbank' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/activities\/sunshine$/);
  await expect(minutes).toHaveValue(String(held));

  // So does the browser's Back button; leaving drops the changes.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/activities\/sunshine$/);
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(card(page, 'Sunshine')).toContainText('Make sure to soak in some vitamin D!');

  // Saved changes leave without a question.
  await card(page, 'Hygiene').getByRole('link', { name: 'Hygiene', exact: true }).click();
  await page.getByRole('button', { name: 'Add 1 to Brushed teeth' }).click();
  await page.getByRole('button', { name: "Okay, I'm done for now" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: SAVING });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test.describe('on a phone set to another time zone', () => {
  // UTC+14: a day ahead of Denver for 21 hours of every 24.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test("the progress chart ends on the school's today, not the phone's", async ({
    page,
    request,
  }) => {
    await signInStudentOfPaidSchool(page, request);
    const today = schoolToday();
    await page.goto('/progress');
    const links = page.locator('a[href^="/days/"]');
    await expect(links.first()).toBeVisible();
    await expect(page.locator(`a[href="/days/${today}"]`)).toHaveCount(2);
    await expect(page.locator(`a[href="/days/${addDays(today, 1)}"]`)).toHaveCount(0);
    await page.goto(`/days/${addDays(today, 1)}`);
    await expect(page.getByRole('status')).toHaveText('That day has not happened yet.');
  });
});
