import {
  createSchool,
  joinSchoolAsStudent,
  openMenu,
  paySubscription,
  signIn,
} from './support/accounts.ts';
import { signInStudentOfPaidSchool } from './support/daily-logging.ts';
import { switchRole } from './support/school-life.ts';
import { expect, test } from './support/test.ts';

const ADMIN_PAGES = [
  '/schools/staff',
  '/schools/users',
  '/schools/teams',
  '/schools/semesters',
  '/schools/audit',
];

test('a student is sent to the dashboard from every coordinator and staff page', async ({
  page,
  request,
}) => {
  await signInStudentOfPaidSchool(page, request);

  for (const path of [...ADMIN_PAGES, '/schools/students']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  await openMenu(page);
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'My team ranking' })).toBeVisible();
  await expect(menu.getByText('Coordinator use')).toHaveCount(0);
  await expect(menu.getByText('Staff use')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Student points' })).toHaveCount(0);
});

test('a staff member sees Student points but is sent away from the coordinator pages', async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const teacher = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Tess');
  await switchRole(request, school.coordinator, teacher.id, 'staff');
  await signIn(page, teacher.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  await openMenu(page);
  const menu = page.getByRole('dialog');
  await expect(menu.getByText('Staff use')).toBeVisible();
  await expect(menu.getByText('Coordinator use')).toHaveCount(0);
  await menu.getByRole('link', { name: 'Student points' }).click();
  await expect(page).toHaveURL(/\/schools\/students$/);
  await expect(page.getByRole('heading', { name: 'Student points' })).toBeVisible();
});

test('the coordinator sees both menu sections, and none before the school has paid', async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/subscription-payments$/);
  for (const path of ['/team', '/progress', ...ADMIN_PAGES, '/schools/students']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/subscription-payments$/);
  }
  await openMenu(page);
  await expect(page.getByRole('dialog').getByText('Coordinator use')).toHaveCount(0);
  await expect(page.getByRole('dialog').getByText('Staff use')).toHaveCount(0);

  await paySubscription(request, school.coordinator);
  // The stored session learns of the payment when the shell reloads the user.
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 1_000 });
  }).toPass();
  await openMenu(page);
  const menu = page.getByRole('dialog');
  await expect(menu.getByText('Coordinator use')).toBeVisible();
  await expect(menu.getByText('Staff use')).toBeVisible();
  for (const name of [
    'Staff points',
    'Staff & students',
    'Schedule interval settings',
    'Activity log',
  ]) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
});
