import type { APIRequestContext, Page } from '@playwright/test';
import { ACTIVITY_TYPES } from '@wellbank/domain';
import { FULL_DAY } from '../../api/src/test/full-day.ts';
import {
  createSchool,
  joinSchoolAsStudent,
  paySubscription,
  setLanguage,
  signIn,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { logActivity } from './support/school-life.ts';
import { attachAtBothWidths } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * Issue 37 §3, decision 0078: a badge earned against the child's own past is celebrated once on
 * the dashboard and listed on the profile, in English and Spanish.
 */

// A school, eight logs, two axe checks and six full-page screenshots: more than 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function studentWithAFullDay(request: APIRequestContext, page: Page, language: 'en' | 'es') {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id);
  if (language === 'es') await setLanguage(request, student, 'es');
  for (const type of ACTIVITY_TYPES) {
    await logActivity(request, student, { type, values: FULL_DAY[type] });
  }
  await signIn(page, student.email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a first full day is celebrated once on the dashboard and kept on the profile', async ({
  page,
  request,
}, testInfo) => {
  await studentWithAFullDay(request, page, 'en');
  const celebration = page.getByRole('region', { name: 'New badge: First full day!' });
  await expect(celebration).toBeVisible();
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'badge-celebration');

  await celebration.getByRole('button', { name: 'Yay!' }).click();
  await expect(celebration).toBeHidden();
  // Shown once: after a reload the dashboard reads the badge as celebrated and shows nothing.
  const badgesRead = page.waitForResponse((r) => r.url().endsWith('/personal-badges'));
  await page.reload();
  expect((await (await badgesRead).json()).badges).toEqual([
    expect.objectContaining({ badge: 'first_complete_day', celebrated: true }),
  ]);
  await expect(page.getByText('New badge:')).toHaveCount(0);

  await page.goto('/profile');
  const badges = page.getByRole('region', { name: 'My badges' });
  await expect(badges.getByRole('listitem').filter({ hasText: 'First full day' })).toContainText(
    /Earned on \d\d\/\d\d\/\d{4}/,
  );
  await expect(badges.getByRole('listitem').filter({ hasText: 'Sleep champion' })).toContainText(
    'every night of a week',
  );
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'profile-badges');
});

test('the celebration and the badges read in Spanish', async ({ page, request }, testInfo) => {
  await studentWithAFullDay(request, page, 'es');
  const celebration = page.getByRole('region', { name: '¡Nueva insignia: Primer día completo!' });
  await expect(celebration).toBeVisible();
  await attachAtBothWidths(page, testInfo, 'badge-celebration-es');
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Mis insignias' })).toContainText('Conseguida el');
  await attachAtBothWidths(page, testInfo, 'profile-badges-es');
});
