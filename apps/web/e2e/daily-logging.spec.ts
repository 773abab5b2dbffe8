import type { Page } from '@playwright/test';
import { PASSWORD, signIn } from './support/accounts.ts';
import {
  counterValue,
  face,
  firstCompleteDayPoints,
  keepScreenshot,
  logMenuButton,
  signInStudentOfPaidSchool,
  tap,
} from './support/daily-logging.ts';
import { collectCspViolations, expect, test } from './support/test.ts';

/** SPEC.md §8: what each empty category card says. */
const EMPTY_STATES: Record<string, string> = {
  Sleep: 'Try to get 9 hours of sleep!',
  Water: 'Get hydrated today!',
  'Physical Activity': 'Get active today!',
  'Food/Substance': 'Think about what you put in your body!',
  'Rest/Mindfulness': 'Rest up!',
  Sunshine: 'Make sure to soak in some vitamin D!',
  Hygiene: 'Freshen up!',
};

/** The bottom menu's entry pages, in the order SPEC.md §2 lists them. */
const MENU_ENTRIES = Object.keys(EMPTY_STATES);
const STRESS_PAGES = ['Social', 'Financial', 'Emotional/Mental', 'Time Management', 'Physical'];
const NOT_LOGGED = '(not logged yet)';
const DONE = '(done)';
const ALL_MONEY_EARNED = 'All money earned, nice!';
const DONE_FOR_NOW = "Okay, I'm done for now";

interface Entry {
  title: string;
  taps: Record<string, number>;
  /** The heading's total, in dollars, once the taps are in. */
  total: string;
}

/** The day after sleep ($4) and exercise ($6): these five earn $5.75 more. */
const REST_OF_THE_DAY: readonly Entry[] = [
  {
    title: 'Water',
    taps: { 'Add 1 to Cups of water': 2, 'Add 1 to Servings of fruit': 1 },
    total: '$1.50',
  },
  {
    title: 'Food/Substance',
    taps: { 'Add 1 to Green foods': 2, 'Add 1 to Yellow foods': 1 },
    total: '$0.25',
  },
  {
    title: 'Rest/Mindfulness',
    taps: { 'Add 2 minutes to Rest or mindfulness': 4 },
    total: '$1.00',
  },
  { title: 'Sunshine', taps: { 'Add 2 minutes to Time in the sun': 4 }, total: '$1.00' },
  {
    title: 'Hygiene',
    taps: { 'Add 1 to Brushed teeth': 2, 'Add 1 to Showered or bathed': 1, 'Add 1 to Flossed': 1 },
    total: '$2.00',
  },
];

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

function account(page: Page) {
  return page.getByRole('region', { name: 'Wellbank Account' });
}

async function openLogMenu(page: Page) {
  await logMenuButton(page).click();
  const menu = page.getByRole('dialog', { name: 'What did you do today?' });
  await expect(menu).toBeVisible();
  return menu.getByRole('navigation', { name: 'Log an activity' });
}

/** Every menu entry, then every stress page in the sub-menu, carries `mark` in its name. */
async function expectMenuMarks(page: Page, mark: string) {
  const menu = await openLogMenu(page);
  const stress = menu.getByRole('button', { name: `Stress ${mark}` });
  await expect(stress).toHaveAttribute('aria-expanded', 'false');
  const entries = menu.getByRole('link');
  await expect(entries).toHaveCount(MENU_ENTRIES.length);
  for (const [index, title] of MENU_ENTRIES.entries()) {
    await expect(entries.nth(index)).toHaveAccessibleName(`${title} ${mark}`);
  }
  await stress.click();
  await expect(stress).toHaveAttribute('aria-expanded', 'true');
  const subMenuId = await stress.getAttribute('aria-controls');
  const stressPages = menu.locator(`[id="${subMenuId}"]`).getByRole('link');
  await expect(stressPages).toHaveCount(STRESS_PAGES.length);
  for (const [index, title] of STRESS_PAGES.entries()) {
    await expect(stressPages.nth(index)).toHaveAccessibleName(`${title} ${mark}`);
  }
}

async function logEntry(page: Page, entry: Entry) {
  const menu = await openLogMenu(page);
  await menu.getByRole('link', { name: `${entry.title} ${NOT_LOGGED}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${entry.title} $0.00`);
  for (const [button, times] of Object.entries(entry.taps)) {
    await tap(page.getByRole('button', { name: button, exact: true }), times);
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${entry.title} ${entry.total}`);
  await page.getByRole('button', { name: DONE_FOR_NOW }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(card(page, entry.title)).toContainText(entry.total);
}

async function rateAndGoOn(page: Page, heading: string, rating: string, next: 'Next' | 'done') {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await face(page, rating).click();
  await expect(page.getByRole('radio', { name: rating })).toBeChecked();
  if (next === 'Next') await page.getByRole('button', { name: 'Next' }).click();
}

/** What the finished day looks like, wherever and whenever the student looks at it. */
async function expectCompleteDay(page: Page) {
  await expect(account(page)).toHaveAttribute('data-theme', 'dark_green');
  // Energy $4 + $6 + $5.75; stress costs $0.25 (Financial) and $0.50 (Time Management).
  await expect(page.getByTestId('today-balance')).toHaveText('$15.00');
  await expect(page.getByTestId('energy-total')).toHaveText('$15.75');
  await expect(page.getByTestId('stress-total')).toHaveText('-$0.75');
  await expect(account(page).getByRole('img', { name: 'Food level yellow' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'All activities logged today' })).toBeVisible();
  // $15.00 makes 150 day points (one per 10 cents), and a first complete school day 5 streak points.
  await expect(page.getByTestId('header-points')).toHaveText(firstCompleteDayPoints(150));
  await expect(logMenuButton(page)).toHaveAccessibleName('Log an activity');
  await expect(page.getByTestId('incomplete-dot')).toHaveCount(0);
  await expect(card(page, 'Sleep')).toContainText('Sleep$4.00$4 maxTime asleep9:00');
  await expect(card(page, 'Stress')).toContainText('Time Management3 of 5-$0.50');
  for (const title of ['Sleep', 'Physical Activity', 'Hygiene']) {
    await expect(card(page, title)).toContainText(ALL_MONEY_EARNED);
  }
  await expect(card(page, 'Water')).not.toContainText(ALL_MONEY_EARNED);
}

test('a student logs a whole day on a phone, earns the star, and sees the same day everywhere', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.slow(); // some sixty taps and nine saves, on two shared cores
  const student = await signInStudentOfPaidSchool(page, request);

  await test.step('an empty day is grey, with an encouraging word per category', async () => {
    await expect(page.getByRole('heading', { name: 'Wellbank Account', level: 1 })).toBeVisible();
    await expect(account(page)).toHaveAttribute('data-theme', 'grey');
    await expect(account(page)).toContainText("Today's colour: grey");
    await expect(page.getByTestId('today-balance')).toHaveText('$0.00');
    for (const [title, text] of Object.entries(EMPTY_STATES)) {
      await expect(card(page, title)).toContainText(text);
    }
    await expect(page.getByText(ALL_MONEY_EARNED)).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'All activities logged today' })).toHaveCount(0);
    await expect(logMenuButton(page)).toHaveAccessibleName(
      'Log an activity (today is not complete yet)',
    );
    await keepScreenshot(page, testInfo, 'dashboard-empty');
  });

  await test.step('the plus button opens the menu: every entry an empty circle', async () => {
    await expectMenuMarks(page, NOT_LOGGED);
    await keepScreenshot(page, testInfo, 'log-menu-nothing-logged');
    await page.getByRole('link', { name: `Sleep ${NOT_LOGGED}` }).click();
  });

  await test.step('sleep steps by 30 minutes to 9:00, worth $4.00, and saves with a spinner', async () => {
    await expect(page).toHaveURL(/\/activities\/sleep$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sleep $0.00');
    await tap(page.getByRole('button', { name: 'Add 30 minutes to Time asleep' }), 18);
    await expect(counterValue(page, 'Time asleep')).toHaveText('9:00');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sleep $4.00');
    await expect(page.getByRole('status')).toHaveText('Time asleep 9:00. Total $4.00.');
    await keepScreenshot(page, testInfo, 'activity-sleep-9-hours');

    // Hold the save, so the saving state can be seen before the dashboard comes back.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/activities/sleep', async (route) => {
      await held;
      await route.continue();
    });
    const done = page.getByRole('button', { name: DONE_FOR_NOW });
    await done.click();
    await expect(done).toBeDisabled();
    await expect(done).toHaveAttribute('aria-busy', 'true');
    await expect(done.locator('svg.animate-spin')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Saving...');
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.unrouteAll();
  });

  await test.step('the dashboard turns to the balance colour', async () => {
    await expect(account(page)).toHaveAttribute('data-theme', 'dark_green');
    await expect(account(page)).toContainText("Today's colour: green");
    await expect(page.getByTestId('today-balance')).toHaveText('$4.00');
    await expect(card(page, 'Sleep')).toContainText('Sleep$4.00$4 maxTime asleep9:00');
    await expect(card(page, 'Sleep')).toContainText(ALL_MONEY_EARNED);
    await expect(page.getByTestId('header-points')).toHaveText('40');
  });

  await test.step('$8 of exercise saves ($6, the most a day pays); no savings to use yet', async () => {
    const menu = await openLogMenu(page);
    await menu.getByRole('link', { name: `Physical Activity ${NOT_LOGGED}` }).click();
    const useSavings = page.getByRole('button', { name: 'Use savings' });
    await expect(useSavings).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Undo savings' })).toBeDisabled();
    await expect(page.getByText('No savings to use yet')).toBeVisible();
    await tap(page.getByRole('button', { name: 'Add 2 minutes to Vigorous exercise' }), 16);
    await expect(counterValue(page, 'Vigorous exercise')).toHaveText('0:32');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Physical Activity $6.00');
    await expect(page.getByText('Great workout!')).toBeVisible();
    await page.getByRole('button', { name: DONE_FOR_NOW }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(card(page, 'Physical Activity')).toContainText('$6.00$4 max');

    // Today's piggy bank is for the days to come: it cannot pay for the day that earned it.
    await page.goto('/activities/fitness');
    await expect(counterValue(page, 'Vigorous exercise')).toHaveText('0:32');
    await expect(useSavings).toBeDisabled();
    await page.getByRole('link', { name: 'Wellbank', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('water, food, rest, sunshine and hygiene', async () => {
    for (const entry of REST_OF_THE_DAY) await logEntry(page, entry);
    await expect(page.getByRole('img', { name: 'All activities logged today' })).toHaveCount(0);
  });

  await test.step('five stress pages in order, with Back and Next', async () => {
    const menu = await openLogMenu(page);
    await menu.getByRole('button', { name: `Stress ${NOT_LOGGED}` }).click();
    await menu.getByRole('link', { name: `Social ${NOT_LOGGED}` }).click();
    await expect(page).toHaveURL(/\/stress\/people$/);
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await rateAndGoOn(page, 'Social', '1, no stress', 'Next');
    await expect(page).toHaveURL(/\/stress\/money$/);
    await rateAndGoOn(page, 'Financial', '2, a little stress', 'done');
    await keepScreenshot(page, testInfo, 'stress-rated');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/stress\/people$/);
    await expect(page.getByRole('radio', { name: '1, no stress' })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('radio', { name: '2, a little stress' })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/stress\/personal$/);
    await rateAndGoOn(page, 'Emotional/Mental', '1, no stress', 'Next');
    await expect(page).toHaveURL(/\/stress\/clock$/);
    await rateAndGoOn(page, 'Time Management', '3, some stress', 'Next');
    await expect(page).toHaveURL(/\/stress\/health$/);
    await rateAndGoOn(page, 'Physical', '1, no stress', 'done');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('button', { name: DONE_FOR_NOW }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('the complete day: a star, no dot, a check on every entry', async () => {
    await expectCompleteDay(page);
    await keepScreenshot(page, testInfo, 'dashboard-complete');
    await expectMenuMarks(page, DONE);
    await keepScreenshot(page, testInfo, 'log-menu-complete');
    await page.keyboard.press('Escape');
  });

  await test.step('a reload shows the same day', async () => {
    await page.reload();
    await expectCompleteDay(page);
  });

  await test.step('so does another device', async () => {
    const otherPhone = await browser.newContext();
    const otherViolations = await collectCspViolations(otherPhone);
    const other = await otherPhone.newPage();
    await signIn(other, student.email, PASSWORD);
    await expect(other).toHaveURL(/\/dashboard$/);
    await expectCompleteDay(other);
    await otherPhone.close();
    expect(otherViolations, 'Content-Security-Policy violations').toEqual([]);
  });
});
