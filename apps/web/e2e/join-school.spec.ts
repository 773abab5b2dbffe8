import { MESSAGES, ROSTER_MESSAGES } from '@wellbank/domain';
import {
  bearer,
  createSchool,
  openMenu,
  PASSWORD,
  paySubscription,
  uniqueEmail,
} from './support/accounts.ts';
import { expect, test } from './support/test.ts';

test('a student joins a school with its 6-character code', async ({ page, request }) => {
  const school = await createSchool(request);

  await page.goto('/sign-up');
  await page.getByRole('link', { name: 'Students & staff (join an existing school)' }).click();
  await expect(page).toHaveURL(/\/sign-up\/join\/schools$/);

  await page.getByLabel('School Code').fill('ABC');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(MESSAGES.invalidSchoolCode)).toBeVisible();

  await page.getByLabel('School Code').fill('ZZZZZ9');
  await expect(page.getByText(MESSAGES.invalidSchoolCode)).toHaveCount(0);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(MESSAGES.schoolNotFound)).toBeVisible();

  await page.getByLabel('School Code').fill(school.code.toLowerCase());
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('School found!')).toBeVisible();
  await expect(page.getByText(`Would you like to join "${school.name}"?`)).toBeVisible();
  await page.getByRole('button', { name: 'Join' }).click();

  // The code the student typed is the proof of joining; in the address, it survives a reload.
  await expect(page).toHaveURL(
    new RegExp(`/sign-up/join/schools/${school.coordinator.school.id}\\?code=${school.code}$`),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome to ${school.name}!` })).toBeVisible();

  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Verify password').fill('different-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(MESSAGES.invalidEmailSignup)).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await expect(page.getByText(MESSAGES.mustAcceptPrivacy)).toBeVisible();

  await page.getByLabel('Email').fill(uniqueEmail('student'));
  await page.getByLabel('Verify password').fill(PASSWORD);
  await page.getByLabel(/privacy policy/).check();
  await page.getByRole('button', { name: 'Sign up' }).click();

  // Signed in; the school has not paid yet, so a student lands on the subscription notice.
  await expect(page).toHaveURL(/\/subscription-payments$/);
  await openMenu(page);
  await expect(page.getByRole('dialog').getByText('Sam Rivera')).toBeVisible();
  await expect(page.getByRole('dialog').getByText(school.name)).toBeVisible();
});

test('the join page of a school without its code asks for the code', async ({ page, request }) => {
  const school = await createSchool(request);
  await page.goto(`/sign-up/join/schools/${school.coordinator.school.id}`);
  await expect(page).toHaveURL(/\/sign-up\/join\/schools$/);
  await expect(page.getByLabel('School Code')).toBeVisible();
});

test('a child joining a school whose paid places are all taken is told to ask their teacher', async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  const { coordinator } = school;
  await paySubscription(request, coordinator, 100);
  // The 1–100 tier, filled by a roster of 100 students without e-mail.
  const rows = Array.from({ length: 100 }, (_, i) => `Kid${i},Full,,student,K,K-1`);
  const roster = await request.post(`/api/v1/schools/${coordinator.school.id}/roster`, {
    headers: { ...bearer(coordinator), 'content-type': 'text/csv' },
    data: ['First name,Last name,E-mail,Role,Grade,Homeroom', ...rows].join('\n'),
  });
  expect((await roster.json()).counts.created).toBe(100);

  await page.goto(`/sign-up/join/schools/${coordinator.school.id}?code=${school.code}`);
  await page.getByLabel('First name').fill('Late');
  await page.getByLabel('Last name').fill('Comer');
  await page.getByLabel('Email').fill(uniqueEmail('late'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Verify password').fill(PASSWORD);
  await page.getByLabel(/privacy policy/).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(ROSTER_MESSAGES.schoolFull)).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up\/join\/schools\/\d+/);
});
