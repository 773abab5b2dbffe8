import type { Page } from '@playwright/test';
import { PASSWORD } from './support/accounts.ts';
import { expect, test } from './support/catalogue-test.ts';
import { openVisit, type PageVisit, PUBLIC_PAGES } from './support/page-catalogue.ts';

/*
 * WCAG 2.2 AA 3.3.8 Accessible authentication (minimum): signing in and choosing a password ask
 * for nothing to remember or transcribe that a password manager or paste cannot supply. Every
 * password field names its purpose (current-password, new-password) beside the account's
 * username in its form, and a pasted value arrives. (The children's picture sign-in, the
 * object-recognition alternative, is class-sign-in's.)
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** What keeps a password manager from filling the page's password forms, one line each. */
function passwordManagerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input[type="password"]')].flatMap((field) => {
      const problems: string[] = [];
      const label = field.labels?.[0]?.textContent ?? field.name;
      if (!['current-password', 'new-password'].includes(field.autocomplete)) {
        problems.push(`"${label}" has autocomplete "${field.autocomplete}"`);
      }
      if (!field.form?.querySelector('input[autocomplete="username"]')) {
        problems.push(`"${label}" has no username field in its form`);
      }
      return problems;
    }),
  );
}

/** Puts `text` on the clipboard and pastes it into `field` with the keyboard, as a person does. */
async function paste(page: Page, label: string, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  const field = page.getByLabel(label, { exact: true });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(text);
}

test('the login takes a pasted e-mail and password, and names them for a password manager', async ({
  page,
  school,
}) => {
  await page.goto('/login');
  expect(await passwordManagerProblems(page)).toEqual([]);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username');
  await expect(page.getByLabel('Password')).toHaveAttribute('autocomplete', 'current-password');
  await paste(page, 'Email', school.coordinator.email);
  await paste(page, 'Password', PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** The sign-up and new-password forms, and the password fields each has. */
const PASSWORD_FORMS: readonly { visit: string; fields: string[] }[] = [
  { visit: 'school-sign-up', fields: ['Password', 'Password confirmation'] },
  { visit: 'join-school-welcome', fields: ['Password', 'Verify password'] },
  { visit: 'join-team-welcome', fields: ['Password', 'Verify password'] },
  { visit: 'reset-password', fields: ['Password', 'Password confirmation'] },
];

for (const form of PASSWORD_FORMS) {
  test(`${form.visit}: the new password can be pasted and saved by a password manager`, async ({
    page,
    school,
  }) => {
    const visit = PUBLIC_PAGES.find(({ name }) => name === form.visit) as PageVisit;
    await openVisit(page, visit, school);
    expect(await passwordManagerProblems(page)).toEqual([]);
    for (const label of form.fields) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute(
        'autocomplete',
        'new-password',
      );
      await paste(page, label, 'a-pasted-long-passphrase');
    }
  });
}

test.describe('signed in', () => {
  test.use({ storageState: async ({ coordinatorState }, use) => use(coordinatorState) });

  test("the profile's password change can be pasted and saved by a password manager", async ({
    page,
  }) => {
    await page.goto('/profile');
    await paste(page, 'Password', 'a-pasted-long-passphrase');
    await paste(page, 'Verify password', 'a-pasted-long-passphrase');
    await paste(page, 'Current password', PASSWORD);
    expect(await passwordManagerProblems(page)).toEqual([]);
    await expect(page.getByLabel('Current password')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
  });
});
