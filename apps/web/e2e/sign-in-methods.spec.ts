import {
  createSchool,
  joinSchoolAsStudent,
  openMenu,
  PASSWORD,
  paySubscription,
  signIn,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 33: the coordinator's "Sign-in methods" page. The server of the browser tests configures a
 * district sign-in provider (the loopback one); whichever it is, the page lists it, and once the
 * school requires district sign-in a student's password is refused with the button to use.
 */
test('the coordinator requires district sign-in; a student’s password then names the button', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // two sign-ins and a save on two shared cores
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id);

  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openMenu(page);
  await page.getByRole('dialog').getByRole('link', { name: 'Sign-in methods' }).click();
  await expect(page).toHaveURL(/\/schools\/sign-in-methods$/);
  await expect(page.getByRole('heading', { name: 'Sign-in methods', level: 1 })).toBeVisible();

  // Every provider the server configured is accepted until the coordinator says otherwise.
  const providers = page.getByRole('switch', { name: /^Accept / });
  for (const each of await providers.all()) await expect(each).toBeChecked();
  // The first stays on, the others go off: the refusal then names that one button.
  const name = (await providers.first().getAttribute('aria-label'))?.replace(/^Accept /, '') ?? '';
  for (const other of (await providers.all()).slice(1)) {
    await other.click();
    await expect(other).not.toBeChecked();
  }
  const districtOnly = page.getByRole('switch', { name: 'District sign-in only' });
  await expect(districtOnly).not.toBeChecked();
  await districtOnly.click();
  await expect(districtOnly).toBeChecked();
  await expect(page.getByText('passwords stop working for your school')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'sign-in-methods');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Sign-in methods saved.');

  const phone = await browser.newContext();
  const studentPage = await phone.newPage();
  await signIn(studentPage, student.email, PASSWORD);
  await expect(studentPage.getByText(`Use "Sign in with ${name}".`)).toBeVisible();
  await expect(studentPage).toHaveURL(/\/login/);
  await saveScreenshot(studentPage, 'login-district-only');
  await phone.close();

  // The coordinator still signs in with a password.
  const desk = await browser.newContext();
  const coordinatorPage = await desk.newPage();
  await signIn(coordinatorPage, school.coordinator.email);
  await expect(coordinatorPage).toHaveURL(/\/dashboard$/);
  await desk.close();
});
