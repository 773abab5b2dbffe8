import type { Browser, Page, Response } from '@playwright/test';
import { addDays, localDate } from '@wellbank/domain';
import { bearer, PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { schoolWithHomeroom } from './support/homeroom.ts';
import { logActivity } from './support/school-life.ts';
import { attachAtBothWidths, saveScreenshot } from './support/screenshots.ts';
import { expect as baseExpect, test } from './support/test.ts';

/*
 * Issue 36 §2, decision 0079: a parent links to their child with the family code, then sees the
 * child's day read-only, in English and in Spanish: the categories and amounts, the food circle,
 * the balance before the stress check-in, the progress, team and badges; no stress anywhere.
 */

const FIRST_LOAD = { timeout: 20_000 };
const expect = baseExpect.configure(FIRST_LOAD);

const TEXTS = {
  en: {
    signUp: { first: 'First name', last: 'Last name', email: 'Email', password: 'Password' },
    verify: 'Verify password',
    policy: /privacy policy/,
    signUpButton: 'Sign up',
    see: "See Ana Rivera's days",
    today: /^Ana: today, /,
    balance: 'Balance before the stress check-in',
    note: /^Every balance and point on this page is before the stress check-in\./,
    progress: "Ana's progress",
    badges: "Ana's badges",
    sleep: 'Sleep',
  },
  es: {
    signUp: {
      first: 'Nombre',
      last: 'Apellido',
      email: 'Correo electrónico',
      password: 'Contraseña',
    },
    verify: 'Repite la contraseña',
    policy: /privacidad/,
    signUpButton: 'Registrarse',
    see: 'Ver los días de Ana Rivera',
    today: /^Ana: hoy, /,
    balance: 'Saldo antes de las preguntas de estrés',
    note: /^Cada saldo y cada punto de esta página son antes de las preguntas de estrés\./,
    progress: 'El progreso de Ana',
    badges: 'Las insignias de Ana',
    sleep: 'Sueño',
  },
} as const;

/** A parent's phone, in the family's language. */
async function phone(browser: Browser, locale: string) {
  const context = await browser.newContext({
    locale,
    viewport: { width: 390, height: 844 },
    timezoneId: 'America/Denver',
  });
  return context.newPage();
}

/** Every answer of the guardian's reads of the child, as text. */
function childAnswers(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response: Response) => {
    if (/\/api\/v1\/family\/children\/\d+\//.test(response.url())) {
      void response.text().then((body) => bodies.push(body));
    }
  });
  return bodies;
}

/** The parent opens the family link, signs up, and opens the child's days from /family. */
async function linkAndOpen(page: Page, url: string, texts: (typeof TEXTS)['en' | 'es']) {
  await page.goto(url);
  await page.getByLabel(texts.signUp.first, { exact: true }).fill('Rosa');
  await page.getByLabel(texts.signUp.last).fill('Rivera');
  await page.getByLabel(texts.signUp.email).fill(uniqueEmail('parent'));
  await page.getByLabel(texts.signUp.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(texts.verify).fill(PASSWORD);
  await page.getByLabel(texts.policy).check();
  await page.getByRole('button', { name: texts.signUpButton }).click();
  await expect(page).toHaveURL(/\/family$/);
  // A guardian has no points of their own: the header shows none.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByTestId('header-points')).toHaveCount(0);
  await page.getByRole('link', { name: texts.see }).click();
  await expect(page).toHaveURL(/\/family\/children\/\d+$/);
}

/** Nothing of stress: no stress card or figure, no rating; the word only in the label and note. */
async function expectNoStress(page: Page, texts: (typeof TEXTS)['en' | 'es'], answers: string[]) {
  await expect(page.getByTestId('stress-total')).toHaveCount(0);
  const main = page.getByRole('main');
  await expect(main.getByText(texts.balance)).toBeVisible();
  await expect(main.getByText(texts.note)).toBeVisible();
  const note = (await main.getByText(texts.note).textContent()) ?? '';
  // textContent: the words as written (innerText would follow the labels' capitals).
  const text = ((await main.textContent()) ?? '').replace(texts.balance, '').replace(note, '');
  expect(text).not.toMatch(/stress|estrés|Not rated|Sin valorar/i);
  expect(answers.length).toBeGreaterThan(0);
  for (const body of answers) expect(body).not.toMatch(/stress|"people"|"money"|"health"/i);
}

test('a guardian links with the code and sees their child’s day, in English and Spanish, without stress', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(300_000); // axe scans on two shared cores
  const { school, ana } = await schoolWithHomeroom(request, 'Room 7');
  const today = localDate(new Date(), 'America/Denver');
  const yesterday = addDays(today, -1);
  await logActivity(request, ana, { type: 'sleep', values: { minutes: 540 } });
  await logActivity(request, ana, {
    type: 'water',
    values: { cups: 4, fruit: 2, vegetables: 2 },
  });
  await logActivity(request, ana, { type: 'food', values: { green: 4, yellow: 0, red: 0 } });
  await logActivity(request, ana, {
    type: 'stress',
    values: { people: 5, money: 4, personal: 5, clock: 3, health: 4 },
  });
  await logActivity(request, ana, { type: 'sleep', values: { minutes: 420 }, date: yesterday });
  const made = await request.post(`/api/v1/users/${ana.id}/family-code`, {
    headers: bearer(school.coordinator),
  });
  expect(made.status(), await made.text()).toBe(201);
  const { url } = (await made.json()) as { url: string };
  await page.close();

  for (const [language, locale] of [
    ['en', 'en-US'],
    ['es', 'es-ES'],
  ] as const) {
    const texts = TEXTS[language];
    const parent = await phone(browser, locale);
    const answers = childAnswers(parent);
    await linkAndOpen(parent, url, texts);

    await expect(parent.getByRole('heading', { level: 1, name: texts.today })).toBeVisible();
    await expect(parent.getByTestId('today-balance')).not.toHaveText('');
    await expect(parent.getByRole('heading', { name: texts.progress })).toBeVisible();
    await expect(parent.getByRole('heading', { name: texts.badges })).toBeVisible();
    await expect(parent.getByText(texts.sleep, { exact: true }).first()).toBeVisible();
    await expectNoStress(parent, texts, answers);
    await expectNoAxeViolations(parent);
    await saveScreenshot(
      parent,
      'guardian-child',
      language === 'en' ? 'web-guardian-child' : 'es/guardian-child',
    );
    await attachAtBothWidths(parent, testInfo, `guardian-child-${language}`);

    // Yesterday, from the chart's table: the same page for that day.
    await parent.goto(`${parent.url().replace(/\?.*$/, '')}?day=${yesterday}`);
    await expect(parent.getByRole('heading', { level: 1, name: /^Ana: / })).toBeVisible();
    await expect(parent.getByRole('heading', { level: 1, name: texts.today })).toHaveCount(0);
    await expectNoStress(parent, texts, answers);
    await parent.context().close();
  }
});
