import type { Browser } from '@playwright/test';
import {
  bearer,
  createSchool,
  joinSchoolAsStudent,
  openMenu,
  PASSWORD,
  paySubscription,
  signIn,
  uniqueEmail,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { switchRole } from './support/school-life.ts';
import { attachAtBothWidths } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 36 §3 (decision 0073): the coordinator's school-wide switch takes the stress card off a
 * student's dashboard, and so does a guardian's opt-out of their own child; a child's "I'd like to
 * talk to someone" reaches the counsellor's list and no one else's.
 */
/** The student signs in on their own phone: a dashboard with no Stress figure and no stress card. */
async function dashboardWithoutStress(browser: Browser, email: string) {
  const phone = await browser.newContext();
  const studentPage = await phone.newPage();
  await signIn(studentPage, email);
  await expect(studentPage).toHaveURL(/\/dashboard$/);
  await expect(studentPage.getByRole('link', { name: /Sleep/ }).first()).toBeVisible();
  await expect(studentPage.getByTestId('stress-total')).toHaveCount(0);
  await expect(studentPage.locator('a[href="/stress/people"]')).toHaveCount(0);
  return { phone, studentPage };
}

test('the school-wide switch removes the stress card from a student’s dashboard', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id);

  await signIn(page, school.coordinator.email);
  await openMenu(page);
  await page.getByRole('dialog').getByRole('link', { name: 'Stress check-in' }).click();
  await expect(page.getByRole('heading', { name: 'Stress check-in', level: 1 })).toBeVisible();
  await expect(page.getByText('Answering is voluntary.')).toBeVisible();
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'stress-check-in-on');
  const toggle = page.getByRole('switch', { name: 'Ask students about stress' });
  await toggle.click();
  await expect(page.getByRole('status')).toContainText('The stress check-in is off.');
  await expect(page.getByText('Answering is voluntary.')).toHaveCount(0);
  await attachAtBothWidths(page, testInfo, 'stress-check-in-off');

  const { phone, studentPage } = await dashboardWithoutStress(browser, student.email);
  await studentPage.goto('/stress/people');
  await expect(studentPage).toHaveURL(/\/dashboard$/);
  await attachAtBothWidths(studentPage, testInfo, 'dashboard-stress-off');
  await phone.close();
});

test('a child’s talk request appears on the counsellor’s list and nowhere else', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const schoolId = school.coordinator.school.id;
  const student = await joinSchoolAsStudent(request, schoolId);
  const counsellor = await joinSchoolAsStudent(request, schoolId);
  const otherStaff = await joinSchoolAsStudent(request, schoolId);
  for (const staff of [counsellor, otherStaff]) {
    await switchRole(request, school.coordinator, staff.id, 'staff');
  }
  const named = await request.put(`/api/v1/schools/${schoolId}/counsellors/${counsellor.id}`, {
    headers: bearer(school.coordinator),
  });
  expect(named.ok()).toBe(true);

  await signIn(page, student.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/stress/people');
  await page.getByRole('button', { name: "I'd like to talk to someone" }).click();
  await expect(page.getByText('Only your name was sent.')).toBeVisible();
  await attachAtBothWidths(page, testInfo, 'stress-talk-sent');

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, counsellor.email);
  await openMenu(staffPage);
  await staffPage.getByRole('dialog').getByRole('link', { name: 'Talk requests' }).click();
  const name = `${student.first_name} ${student.last_name}`;
  // In the page, not the menu: the counsellor's own name, shown in the menu, may be the same.
  await expect(staffPage.getByRole('main').getByText(name)).toBeVisible();
  await expectNoAxeViolations(staffPage);
  await attachAtBothWidths(staffPage, testInfo, 'talk-requests');
  await staffContext.close();

  // Another staff member and the coordinator: no link, and the list is refused.
  for (const reader of [otherStaff, school.coordinator]) {
    const answer = await request.get(`/api/v1/schools/${schoolId}/talk-requests`, {
      headers: bearer(reader),
    });
    expect(answer.status()).toBe(403);
  }
  const log = await request.get(`/api/v1/schools/${schoolId}/audit-log?limit=500`, {
    headers: bearer(school.coordinator),
  });
  expect(await log.text()).not.toContain('talk');
});

test('a guardian opts their child out: the child’s dashboard asks no stress questions', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id);
  const code = await request.post(`/api/v1/users/${student.id}/family-code`, {
    headers: bearer(school.coordinator),
  });
  expect(code.ok(), await code.text()).toBe(true);
  const email = uniqueEmail('parent');
  const signUp = await request.post('/api/v1/family/sign-up', {
    data: {
      code: (await code.json()).code,
      user: {
        first_name: 'Rosa',
        last_name: 'Rivera',
        email,
        password: PASSWORD,
        verify_password: PASSWORD,
      },
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);

  await signIn(page, email);
  await expect(page).toHaveURL(/\/family$/);
  const name = `${student.first_name} ${student.last_name}`;
  await page.getByText('About the stress questions').click();
  await expect(page.getByText('A child may skip any question')).toBeVisible();
  await page.getByRole('button', { name: `Opt out of the stress questions ${name}` }).click();
  const dialog = page.getByRole('alertdialog', {
    name: `Opt ${name} out of the stress questions?`,
  });
  await expect(dialog).toContainText('deleted for good');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Yes, opt out' }).click();
  await expect(page.getByText(`Stress questions: off for ${name}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'family-stress-opted-out');

  const { phone } = await dashboardWithoutStress(browser, student.email);
  await phone.close();
});
