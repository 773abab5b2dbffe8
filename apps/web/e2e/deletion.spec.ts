import { DELETION_MESSAGES, MESSAGES } from '@wellbank/domain';
import {
  createSchool,
  donate,
  joinSchoolAsStudent,
  joinTeamAsCommunityMember,
  PASSWORD,
  paySubscription,
  setLanguage,
  signIn,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInStudentOfPaidSchool } from './support/daily-logging.ts';
import { attachAtBothWidths, saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

// Each test signs up, pays, signs in more than once and runs axe: long for 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('a family member deletes their account: signed out, cannot sign in, gone from the team', async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Ines');
  const member = await joinTeamAsCommunityMember(request, student.team_id ?? 0, 'Delia');
  await donate(request, member);
  await signIn(page, member.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Delete my account' });
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText(DELETION_MESSAGES.passwordRequired)).toBeVisible();
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'profile-delete-account');
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'delete-account-dialog');

  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('status')).toHaveText(DELETION_MESSAGES.accountDeleted);
  await saveScreenshot(page, 'account-deleted');

  await signIn(page, member.email);
  await expect(page.getByRole('alert')).toContainText(MESSAGES.loginFailed);

  // The student's team lists the student alone again.
  await signIn(page, student.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/team');
  const leaderboard = page.getByRole('table', { name: 'My Team Leaderboard' });
  await expect(leaderboard.getByText('YOU')).toBeVisible();
  await expect(leaderboard.getByText(/Delia/)).toHaveCount(0);
});

test('a student reads that their school deletes their account', async ({ page, request }) => {
  await signInStudentOfPaidSchool(page, request);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Delete my account' });
  await expect(section).toContainText(DELETION_MESSAGES.studentCannotDeleteSelf);
  await expect(section.getByRole('button')).toHaveCount(0);
});

test('the coordinator removes a student from Staff & students after confirming', async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Rowan');
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');
  const table = page.getByRole('table', { name: 'Staff and students' });
  await expect(table.getByRole('button', { name: 'Remove Maya Lopez' })).toHaveCount(0);

  const remove = table.getByRole('button', { name: 'Remove Rowan Rivera' });
  await saveScreenshot(page, 'school-users-remove-button');
  await remove.click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove Rowan Rivera?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'remove-member-dialog');
  // Cancel changes nothing and gives focus back to the button.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeFocused();

  await remove.click();
  await dialog.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'removed' })).toHaveText(
    'Rowan Rivera was removed.',
  );
  await expect(table.getByRole('row', { name: /Rowan Rivera/ })).toHaveCount(0);
  const login = await request.post('/api/v1/authentication/authenticate', {
    data: { email: student.email, password: PASSWORD },
  });
  expect(login.status()).toBe(401);
});

test('the coordinator deletes the school, sees its purge date, and cancels; a signed-in student waits and stays signed in', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id);
  // The student, signed in on their own device before the school closes.
  const studentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const studentPage = await studentContext.newPage();
  await signIn(studentPage, student.email);
  await expect(studentPage).toHaveURL(/\/dashboard$/);
  // A classmate who reads Spanish, signed in too.
  const classmate = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Lucía');
  await setLanguage(request, classmate, 'es');
  const classmateContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const classmatePage = await classmateContext.newPage();
  await signIn(classmatePage, classmate.email);
  await expect(classmatePage).toHaveURL(/\/dashboard$/);
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');

  const section = page.getByRole('region', { name: 'Delete the school' });
  await section.getByLabel('Type the school code to confirm').fill('WRONG1');
  await section.getByRole('button', { name: 'Delete the school' }).click();
  await expect(section.getByRole('alert')).toContainText(DELETION_MESSAGES.schoolCodeMismatch);
  await section.getByLabel('Type the school code to confirm').fill(school.code.toLowerCase());
  await section.getByRole('button', { name: 'Delete the school' }).click();

  await expect(page).toHaveURL(/\/school-deletion$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    `${school.name} is scheduled for deletion on`,
  );
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'school-deletion');
  // Every other page of the app leads back here.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/school-deletion$/);
  const refused = await request.post('/api/v1/authentication/authenticate', {
    data: { email: student.email, password: PASSWORD },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: DELETION_MESSAGES.schoolClosedForMembers });

  // The student's open tab: the menu reads the school's and the team's counts, the server
  // answers 403, and the app reads the student's record and says why.
  await studentPage.getByRole('button', { name: 'Open menu' }).click();
  await expect(studentPage).toHaveURL(/\/school-deletion$/);
  const closing = studentPage.getByRole('heading', { level: 1 });
  await expect(closing).toHaveText("Your school's Wellbank account is closing");
  await expect(studentPage.getByRole('button', { name: 'Cancel deletion' })).toHaveCount(0);
  await expectNoAxeViolations(studentPage);
  await saveScreenshot(studentPage, 'school-closing');
  await attachAtBothWidths(studentPage, testInfo, 'school-closing-en');
  // The classmate opens the app again later: straight to the same page, in Spanish.
  await classmatePage.reload();
  await expect(classmatePage).toHaveURL(/\/school-deletion$/);
  await expect(classmatePage.getByRole('heading', { level: 1 })).toHaveText(
    'La cuenta de Wellbank de tu escuela se está cerrando',
  );
  await attachAtBothWidths(classmatePage, testInfo, 'school-closing-es');
  await classmateContext.close();

  await page.getByRole('button', { name: 'Cancel deletion' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The student's tab reads the record again when it comes back, and opens the app, signed in.
  await studentPage.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(studentPage).toHaveURL(/\/dashboard$/);
  await expect(studentPage.getByRole('heading', { level: 1 })).toBeVisible();
  await studentContext.close();
  const welcomeBack = await request.post('/api/v1/authentication/authenticate', {
    data: { email: student.email, password: PASSWORD },
  });
  expect(welcomeBack.status()).toBe(200);
});
