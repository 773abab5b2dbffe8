import type { ThemeColor } from '@wellbank/domain';
import {
  createSchool,
  joinTeamAsCommunityMember,
  paySubscription,
  signIn,
  signInUnpaidCoordinator,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectPageReady } from './support/page-catalogue.ts';
import { logActivity } from './support/school-life.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { signInThroughStorage } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

test('the subscription page and the test checkout have no violations', async ({
  page,
  request,
}) => {
  await signInUnpaidCoordinator(page, request);
  await expectPageReady(page);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'subscription-payments');

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
  await expect(page.getByText('Total due')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'test-checkout');
});

test('the team donation page has no violations', async ({ page, request }) => {
  const { coordinator } = await createSchool(request);
  const member = await joinTeamAsCommunityMember(request, coordinator.team_id ?? 0);
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/team-donations$/);
  await expectPageReady(page);
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'team-donations');
});

/**
 * Text sits on the day's colour (header, balance card: white or dark, THEME_TEXT_HEX), so every
 * theme colour of SPEC.md §4 is checked, each on a day whose balance falls in it.
 */
const STRESSED = { people: 5, money: 5, personal: 5, clock: 5, health: 2 }; // −$4.25
const WATERED = { cups: 6 }; // $3.00
const THEME_DAYS: readonly { theme: ThemeColor; log: Parameters<typeof logActivity>[2][] }[] = [
  { theme: 'grey', log: [] },
  { theme: 'yellow', log: [{ type: 'water', values: { cups: 1 } }] },
  { theme: 'light_green', log: [{ type: 'water', values: { cups: 3 } }] },
  { theme: 'dark_green', log: [{ type: 'water', values: WATERED }] },
  {
    theme: 'light_red',
    log: [
      { type: 'water', values: WATERED },
      { type: 'stress', values: STRESSED },
    ],
  },
  { theme: 'dark_red', log: [{ type: 'stress', values: STRESSED }] },
];

for (const day of THEME_DAYS) {
  test(`the dashboard in the ${day.theme} theme has no violations`, async ({ page, request }) => {
    const { coordinator } = await createSchool(request);
    await paySubscription(request, coordinator);
    for (const activity of day.log) await logActivity(request, coordinator, activity);
    await signInThroughStorage(page, request, coordinator.email);
    await page.goto('/dashboard');
    await expectPageReady(page);
    await expect(page.locator('[data-theme]')).toHaveAttribute('data-theme', day.theme);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `dashboard-theme-${day.theme}`);
  });
}
