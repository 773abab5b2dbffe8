import type { Browser, Page, Response } from '@playwright/test';
import type { FamilyLetterPage } from '@wellbank/domain';
import { type CreatedSchool, openMenu, PASSWORD, signIn, uniqueEmail } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { countPrints, schoolWithHomeroom } from './support/homeroom.ts';
import { attachAtBothWidths, saveScreenshot } from './support/screenshots.ts';
import { expect as baseExpect, test } from './support/test.ts';

/*
 * Issue 36 §1–2, decision 0075: staff print a homeroom's family letters (English or Spanish, one
 * page per child, each with the child's family code and a QR code of its link); a parent opens
 * the link, signs up as family and sees their child listed; they link a second child by typing
 * its code; the child sees on their profile who is linked, and can show their own code.
 */

/** A page's first download and data on two busy cores can take longer than expect's 5 s. */
const FIRST_LOAD = { timeout: 20_000 };
const expect = baseExpect.configure(FIRST_LOAD);
const ROOM = 'Room 9';

const isLetterCall = (response: Response) =>
  /\/schools\/\d+\/family-letters$/.test(new URL(response.url()).pathname) &&
  response.request().method() === 'POST';

/** Staff make and print the homeroom's letters; the pages made are returned. */
async function printLetters(page: Page, school: CreatedSchool): Promise<FamilyLetterPage[]> {
  await countPrints(page);
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openMenu(page);
  await page.getByRole('dialog').getByRole('link', { name: 'Family letters' }).click();
  await expect(page.getByRole('heading', { name: 'Family letters', level: 1 })).toBeVisible();
  await page.getByLabel('Homeroom').selectOption(ROOM);
  const made = page.waitForResponse(isLetterCall);
  await page.getByRole('button', { name: 'Make family letters' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Make family letters for ${ROOM}?` });
  await dialog.getByRole('button', { name: 'Make family letters' }).click();
  const pages: FamilyLetterPage[] = await (await made).json();
  await expect(dialog).toBeHidden();
  return pages;
}

/** A parent's phone: a browser context that shares nothing with the school's. */
async function phone(browser: Browser, locale = 'en-US') {
  const context = await browser.newContext({
    locale,
    viewport: { width: 390, height: 844 },
    timezoneId: 'America/Denver',
  });
  return context.newPage();
}

test('staff print a homeroom’s family letters in English and Spanish, one page per child', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000); // axe scans and a PDF on two shared cores
  const { school } = await schoolWithHomeroom(request, ROOM);
  const letters = await printLetters(page, school);
  expect(letters.map((letter) => letter.first_name)).toEqual(['Ana', 'Sam']);
  expect(letters[0]?.url).toMatch(/\/family\/link\?code=[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);

  const ana = page
    .getByRole('article')
    .filter({ hasText: 'Wellbank for the family of Ana Rivera' });
  await expect(ana).toBeVisible();
  await expect(ana.getByText('The stress question is voluntary')).toBeVisible();
  const qr = ana.getByRole('img', { name: 'QR code of the family link of Ana Rivera' });
  expect(await qr.locator('path').getAttribute('d')).toMatch(/^M0 0h1v1h-1z/);
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByRole('button', { name: 'Print letters' }).click();
  expect(await page.evaluate(() => window.printed)).toBe(1);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'family-letters');
  await attachAtBothWidths(page, testInfo, 'family-letters-en');

  // The same codes in Spanish, for a family that reads Spanish; the app stays in English.
  await page.getByLabel('Letter language').selectOption('es');
  await expect(
    page.getByRole('heading', { name: 'Wellbank para la familia de Ana Rivera' }),
  ).toBeVisible();
  await expect(page.getByText('La pregunta sobre el estrés es voluntaria').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Family letters', level: 1 })).toBeVisible();
  await attachAtBothWidths(page, testInfo, 'family-letters-es');

  // Printed: the letters only, one per sheet.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print letters' })).toBeHidden();
  const pdf = testInfo.outputPath('family-letters.pdf');
  await page.pdf({ path: pdf, preferCSSPageSize: true });
  await testInfo.attach('family-letters.pdf', { path: pdf, contentType: 'application/pdf' });
  await page.emulateMedia({ media: 'screen' });
});

test('a parent opens the QR link, signs up as family, links a second child by code; the child sees them', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const { school, ana } = await schoolWithHomeroom(request, ROOM);
  const letters = await printLetters(page, school);
  const [anaLetter, samLetter] = letters;
  if (!anaLetter || !samLetter) throw new Error('no letters');

  // What the phone's camera does with Ana's QR code: opens its link.
  const parent = await phone(browser);
  await parent.goto(anaLetter.url);
  await expect(
    parent.getByRole('heading', { name: 'Link to your child in Wellbank' }),
  ).toBeVisible();
  await expect(parent.getByLabel('Family code')).toHaveValue(anaLetter.url.split('code=')[1] ?? '');
  await expectNoAxeViolations(parent);
  await attachAtBothWidths(parent, testInfo, 'family-link');
  await parent.getByLabel('First name').fill('Rosa');
  await parent.getByLabel('Last name').fill('Rivera');
  await parent.getByLabel('Email').fill(uniqueEmail('parent'));
  await parent.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await parent.getByLabel('Verify password').fill(PASSWORD);
  await parent.getByLabel(/privacy policy/).check();
  await parent.getByRole('button', { name: 'Sign up' }).click();

  await expect(parent).toHaveURL(/\/family$/);
  await expect(parent.getByRole('heading', { name: 'My children', level: 1 })).toBeVisible();
  await expect(parent.getByRole('button', { name: 'Remove Ana Rivera' })).toBeVisible();

  // Sam's code, typed from his letter in lower case.
  await parent.getByLabel('Family code').fill(samLetter.code.toLowerCase());
  await parent.getByRole('button', { name: 'Link child' }).click();
  await expect(parent.getByRole('button', { name: 'Remove Sam Rivera' })).toBeVisible();
  // A mistyped code says what to do.
  await parent.getByLabel('Family code').fill('ABCDE-FGHJK');
  await parent.getByRole('button', { name: 'Link child' }).click();
  await expect(
    parent.getByText('This family code does not work. Check it, or ask the school for a new one.'),
  ).toBeVisible();
  await expectNoAxeViolations(parent);
  await saveScreenshot(parent, 'family-home');
  await attachAtBothWidths(parent, testInfo, 'family-home');

  // Home for a guardian is their children; the menu offers no logging, team or progress.
  await parent.goto('/dashboard');
  await expect(parent).toHaveURL(/\/family$/);
  await openMenu(parent);
  await expect(parent.getByRole('dialog').getByRole('link', { name: 'My children' })).toBeVisible();
  await expect(parent.getByRole('dialog').getByRole('link', { name: 'Progress' })).toHaveCount(0);
  await parent.context().close();

  // Ana sees on her profile who is linked, and shows her own code.
  const child = await phone(browser);
  await signIn(child, ana.email);
  await expect(child).toHaveURL(/\/dashboard$/);
  await child.goto('/profile');
  await expect(child.getByRole('heading', { name: 'Family' })).toBeVisible();
  await expect(
    child.getByText('Rosa Rivera is linked to you as family, since', { exact: false }),
  ).toBeVisible();
  await child.getByRole('button', { name: 'Show my family code' }).click();
  await expect(child.getByRole('img', { name: 'QR code of your family link' })).toBeVisible();
  await expectNoAxeViolations(child);
  await child.getByRole('heading', { name: 'Family' }).scrollIntoViewIfNeeded();
  await attachAtBothWidths(child, testInfo, 'family-profile');
  await child.context().close();
});

test('in Spanish: the link page and the guardian’s children', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const { school } = await schoolWithHomeroom(request, ROOM);
  const [anaLetter] = await printLetters(page, school);
  if (!anaLetter) throw new Error('no letters');
  const parent = await phone(browser, 'es-ES');
  await parent.goto(anaLetter.url);
  await expect(
    parent.getByRole('heading', { name: 'Vincúlate a tu hijo en Wellbank' }),
  ).toBeVisible();
  await attachAtBothWidths(parent, testInfo, 'family-link-es');
  await parent.getByLabel('Nombre', { exact: true }).fill('Rosa');
  await parent.getByLabel('Apellido').fill('Rivera');
  await parent.getByLabel('Correo electrónico').fill(uniqueEmail('padre'));
  await parent.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await parent.getByLabel('Repite la contraseña').fill(PASSWORD);
  await parent.getByLabel(/privacidad/).check();
  await parent.getByRole('button', { name: 'Registrarse' }).click();
  await expect(parent).toHaveURL(/\/family$/);
  await expect(parent.getByRole('heading', { name: 'Mis hijos', level: 1 })).toBeVisible();
  await expect(parent.getByRole('button', { name: 'Quitar Ana Rivera' })).toBeVisible();
  await expectNoAxeViolations(parent);
  await saveScreenshot(parent, 'family-home', 'es/family-home');
  await attachAtBothWidths(parent, testInfo, 'family-home-es');
  await parent.context().close();
});
