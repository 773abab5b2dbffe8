import { MESSAGES } from '@wellbank/domain';
import {
  createSchool,
  openMenu,
  PASSWORD,
  signIn,
  uniqueEmail,
  uniqueSchoolCode,
} from './support/accounts.ts';
import { expect, test } from './support/test.ts';

test('a coordinator signs up a school, signs out and signs in again', async ({ page }) => {
  const email = uniqueEmail('coordinator');
  const code = uniqueSchoolCode();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Select your role:' })).toBeVisible();
  await page.getByRole('link', { name: 'Coordinator (sign up a new school)' }).click();
  await expect(page).toHaveURL(/\/sign-up\/create\/schools$/);

  await page.getByLabel('School name').fill('Juniper Middle School');
  await page.getByLabel('School code').fill(code.toLowerCase());
  await expect(page.getByLabel('Time zone')).toHaveValue('America/Denver');
  await page.getByLabel('Time zone').selectOption('America/Chicago');
  await page.getByLabel('Address').fill('12 Juniper Road');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('ZIP code').fill('73301');
  await page.getByLabel('Contact name').fill('Pat Principal');
  await page.getByLabel('Contact email').fill(uniqueEmail('office'));
  await page.getByLabel('Contact phone').fill('512-555-0100');
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Last name').fill('Lopez');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password confirmation').fill(PASSWORD);

  const create = page.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await page.getByLabel(/parental consent/).check();
  await expect(create).toBeDisabled();
  await page.getByLabel(/privacy policy/).check();
  await expect(create).toBeEnabled();
  await create.click();

  // A new school has not paid its subscription yet, so the nested group sends the coordinator on.
  await expect(page).toHaveURL(/\/subscription-payments$/);
  await openMenu(page);
  const menu = page.getByRole('dialog');
  await expect(menu.getByText('Maya Lopez')).toBeVisible();
  await expect(menu.getByText('Juniper Middle School')).toBeVisible();
  await expect(menu.getByText('Coordinator use')).toHaveCount(0);
  for (const link of ['Home', 'Progress', 'User profile', 'My team ranking']) {
    await expect(menu.getByRole('link', { name: link })).toBeVisible();
  }
  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email);
  await expect(page).toHaveURL(/\/subscription-payments$/);
});

test('a school code that is already taken is refused on its field and below the form', async ({
  page,
  request,
}) => {
  const existing = await createSchool(request);

  await page.goto('/sign-up/create/schools');
  await page.getByLabel('School name').fill('Copycat School');
  await page.getByLabel('School code').fill(existing.code);
  await page.getByLabel('Address').fill('1 Road');
  await page.getByLabel('City').fill('Denver');
  await page.getByLabel('State').fill('CO');
  await page.getByLabel('ZIP code').fill('80202');
  await page.getByLabel('Contact name').fill('Pat');
  await page.getByLabel('Contact email').fill(uniqueEmail('office'));
  await page.getByLabel('Contact phone').fill('303-555-0100');
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('coordinator'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password confirmation').fill(PASSWORD);
  await page.getByLabel(/parental consent/).check();
  await page.getByLabel(/privacy policy/).check();
  await page.getByRole('button', { name: 'Create' }).click();

  // Issue #16 §7: on the School code field (which takes the focus) and at the form's bottom.
  const codeField = page.getByLabel('School code');
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAccessibleDescription(new RegExp(MESSAGES.schoolCodeTaken));
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(MESSAGES.schoolCodeTaken)).toHaveCount(2);
  await expect(page).toHaveURL(/\/sign-up\/create\/schools$/);
  await codeField.fill(uniqueSchoolCode());
  await expect(page.getByText(MESSAGES.schoolCodeTaken)).toHaveCount(0);
});

test('the agreement boxes link to the policies, which open beside the form', async ({ page }) => {
  await page.goto('/sign-up/create/schools');
  const agreement = page.getByLabel(/privacy policy/);
  const link = page.getByRole('link', { name: 'privacy policy' });
  await expect(link).toHaveAttribute('href', '/privacy');
  const [policy] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(policy.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(policy.getByText('Stripe, when a school or a family member pays')).toBeVisible();
  // Following the link left the box as it was.
  await expect(agreement).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'terms of use' })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'code of conduct' })).toHaveAttribute(
    'href',
    '/code-of-conduct',
  );
});
