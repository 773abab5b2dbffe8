import { PASSWORD, uniqueEmail, uniqueSchoolCode } from './support/accounts.ts';
import { expect, test } from './support/catalogue-test.ts';
import { openVisit, type PageVisit, PUBLIC_PAGES } from './support/page-catalogue.ts';
import { attachScreenshot } from './support/screenshots.ts';

/*
 * WCAG 2.2 AA 3.3.7 Redundant entry: what a person typed earlier in a process is filled in or
 * offered, not asked again. The school sign-up asks for a contact and then the coordinator, often
 * the same person: one tap copies the contact's name and address. The join pages carry the code
 * or the captain's e-mail found on the step before; an invitation's sign-up is prefilled
 * (roster.spec.ts); a reset link carries the e-mail.
 */

for (const width of [390, 1280]) {
  test(`the coordinator who is the contact is filled in from it (${width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const contactEmail = uniqueEmail('contact');
    await page.goto('/sign-up/create/schools');
    await page.getByLabel('School name').fill('Aspen Elementary');
    await page.getByLabel('School code').fill(uniqueSchoolCode());
    await page.getByLabel('Address').fill('3 Aspen Way');
    await page.getByLabel('City').fill('Boulder');
    await page.getByLabel('State').fill('CO');
    await page.getByLabel('ZIP code').fill('80301');
    await page.getByLabel('Contact name').fill('  Ana María  de la Cruz ');
    await page.getByLabel('Contact email').fill(contactEmail);
    await page.getByLabel('Contact phone').fill('303-555-0100');

    const same = page.getByLabel('I am the contact above: use my name and email');
    await expect(page.getByLabel('First name')).toHaveValue('');
    await same.check();
    await expect(page.getByLabel('First name')).toHaveValue('Ana');
    await expect(page.getByLabel('Last name')).toHaveValue('María de la Cruz');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(contactEmail);
    await same.scrollIntoViewIfNeeded();
    await attachScreenshot(page, testInfo, `school-sign-up-same-contact-${width}`);

    // Still the person's own fields: a correction is kept, and the sign-up goes through.
    await page.getByLabel('First name').fill('Ana María');
    await page.getByLabel('Last name').fill('de la Cruz');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password confirmation').fill(PASSWORD);
    await page.getByLabel(/parental consent/).check();
    await page.getByLabel(/privacy policy/).check();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/subscription-payments$/, { timeout: 15_000 });
  });
}

test('the join pages do not ask again for the code or the e-mail found on the step before', async ({
  page,
  school,
}) => {
  const visit = (name: string) => PUBLIC_PAGES.find((page) => page.name === name) as PageVisit;
  await openVisit(page, visit('join-school-welcome'), school);
  await expect(page.getByLabel('School Code')).toHaveCount(0);
  await openVisit(page, visit('join-team-welcome'), school);
  await expect(page.getByLabel("Team captain's email")).toHaveCount(0);
  await openVisit(page, visit('reset-password'), school);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  await expect(page.getByText('For sam.rivera@example.com')).toBeVisible();
});
