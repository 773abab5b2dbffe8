import type { Locator, Page } from '@playwright/test';
import {
  keepScreenshot,
  logMenuButton,
  signInStudentOfPaidSchool,
} from './support/daily-logging.ts';
import { logActivity } from './support/school-life.ts';
import { expect, test } from './support/test.ts';

/** Issue 17: what the daily pages show adds up, says what earns, and is coloured by its sign. */

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

/** The colour a utility class gives text on this page. */
function colorOf(page: Page, className: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.className = name;
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, className);
}

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/** The card's total, and the sum of the amounts listed under it. */
async function cardSums(region: Locator) {
  const total = cents(await region.getByTestId('card-total').innerText());
  const lines = await region.getByTestId('line-amount').allInnerTexts();
  return { total, lines: lines.reduce((sum, line) => sum + cents(line), 0) };
}

test('card lines add up to the card total, with the start and the limit as lines', async ({
  page,
  request,
}, testInfo) => {
  const student = await signInStudentOfPaidSchool(page, request);
  await logActivity(request, student, { type: 'sleep', values: { minutes: 480 } });
  await logActivity(request, student, { type: 'sunshine', values: { duration: 20 } });
  await logActivity(request, student, {
    type: 'fitness',
    values: { vigorous_duration: 32, moderate_duration: 60 },
  });
  await page.reload();

  await expect(card(page, 'Sleep')).toContainText('Time asleep8:00$4.00Starting amount-$0.50');
  await expect(card(page, 'Sunshine')).toContainText("$2.50Can't go above $2.00-$0.50");
  await expect(card(page, 'Physical Activity')).toContainText("Can't go above $6.00-$5.00");
  for (const title of ['Sleep', 'Sunshine', 'Physical Activity']) {
    const { total, lines } = await cardSums(card(page, title));
    expect(lines, `${title}: the lines add up to the total`).toBe(total);
  }
  await keepScreenshot(page, testInfo, 'dashboard-lines-add-up');
});

test('a loss is red: only junk food logged makes Energy and the food heading red', async ({
  page,
  request,
}) => {
  const student = await signInStudentOfPaidSchool(page, request);
  await logActivity(request, student, { type: 'food', values: { red: 5 } });
  await page.reload();
  const energy = page.getByTestId('energy-total');
  await expect(energy).toHaveText('-$2.50');
  await expect(energy).toHaveAttribute('data-tone', 'loss');
  const red = await colorOf(page, 'text-danger');
  expect(red).not.toBe(await colorOf(page, 'text-accent-strong'));
  await expect(energy).toHaveCSS('color', red);

  await page.goto('/activities/food');
  await expect(page.getByTestId('activity-total')).toHaveText('-$2.50');
  await expect(page.getByTestId('activity-total')).toHaveAttribute('data-tone', 'loss');
  await expect(page.getByTestId('activity-total')).toHaveCSS('color', red);
});

test('the sleep and fitness pages say what actually earns', async ({ page, request }) => {
  await signInStudentOfPaidSchool(page, request);
  await page.goto('/activities/sleep');
  await expect(page.getByRole('main')).not.toContainText('Every half hour counts');
  await expect(page.getByTestId('earning-note')).toHaveText(
    'Your first hour of sleep earns nothing. After that, every half hour earns $0.25, up to $4.00 at 9 hours.',
  );
  await page.goto('/activities/fitness');
  await expect(page.getByRole('main')).not.toContainText('Earn up to $4.00');
  await expect(page.getByTestId('earning-note')).toHaveText(
    'The goal is $4.00 a day. More exercise or a saved workout can bring it up to $6.00.',
  );
});

/**
 * Amounts the page shows whose centre is under the plus button (none may be). What the page shows
 * ends at the window's bottom, or at the top of an opaque bar as wide as the column that holds the
 * button, as a toolbar does: the cards scroll above it, not under it.
 */
async function amountsUnderPlus(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const plus = [...document.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Log an activity'),
    );
    const main = document.querySelector('main');
    const bar = plus?.parentElement;
    const isToolbar =
      bar &&
      main &&
      bar.getBoundingClientRect().width >= main.clientWidth &&
      getComputedStyle(bar).backgroundColor !== 'rgba(0, 0, 0, 0)';
    const shownUntil = isToolbar ? bar.getBoundingClientRect().top : window.innerHeight;
    const hidden: string[] = [];
    // Every amount in the column ("$1.00", "-$0.50"), whatever element shows it.
    const amounts = [...(main?.querySelectorAll('*') ?? [])].filter(
      (el) => /^-?\$[\d,]+\.\d\d$/.test(el.textContent?.trim() ?? '') && el.children.length === 0,
    );
    for (const el of amounts) {
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (y < 0 || y >= shownUntil) continue;
      const top = document.elementFromPoint(x, y);
      if (top && plus?.contains(top)) hidden.push(`${el.textContent} at ${Math.round(y)}`);
    }
    return hidden;
  });
}

test('the plus button never sits on an amount, and stays by the column', async ({
  page,
  request,
}, testInfo) => {
  const student = await signInStudentOfPaidSchool(page, request);
  for (const [type, values] of [
    ['sleep', { minutes: 480 }],
    ['water', { cups: 2, fruit: 1, vegetables: 1 }],
    ['fitness', { vigorous_duration: 32, moderate_duration: 60 }],
    ['food', { green: 2, yellow: 1, red: 1 }],
    ['rest', { duration: 8 }],
    ['sunshine', { duration: 20 }],
    ['cleanliness', { teeth: 2, body: 1, floss: 1 }],
    ['stress', { people: 2, money: 3, personal: 1, clock: 4, health: 2 }],
  ] as const) {
    await logActivity(request, student, { type, values });
  }
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.reload();
    await expect(card(page, 'Hygiene')).toContainText('$2.00');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 40) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await amountsUnderPlus(page), `scrolled to ${y} at ${viewport.width} px`).toEqual([]);
    }
    const plus = (await logMenuButton(page).boundingBox()) ?? { x: 0, width: 0 };
    const column = (await page.getByRole('main').boundingBox()) ?? { x: 0, width: 0 };
    const gap = column.x + column.width - (plus.x + plus.width);
    expect(gap, 'the button sits at the column’s right edge').toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThanOrEqual(24);
    await page.evaluate(() => window.scrollTo(0, 600));
    await keepScreenshot(page, testInfo, `dashboard-plus-${viewport.width}`);
  }
});
