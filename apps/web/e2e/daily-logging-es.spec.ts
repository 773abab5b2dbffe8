import type { Locator, Page, TestInfo } from '@playwright/test';
import { createSchool, joinSchoolAsStudent, paySubscription } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { counterValue, face, firstCompleteDayPoints, tap } from './support/daily-logging.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { signInThroughStorage } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

/*
 * Issue 17: daily-logging.spec.ts's walk once more, for a student who signed up in Spanish. Every
 * page's words are asserted in Spanish: the web's messages and the domain's texts (category names,
 * SPEC.md's empty-state words, the balance card, the shared buttons). Amounts and times are the
 * formats' business and stay as they are here. Screenshots of every page go to
 * docs/screenshots/es/ under SCREENSHOTS=1.
 */

// The phone and the API calls that set up the accounts speak Spanish, so the student's stored
// language (decision 0034, it wins over the browser's) is Spanish too.
test.use({ locale: 'es-US', extraHTTPHeaders: { 'Accept-Language': 'es-US,es;q=0.9' } });

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, scale: 'css', animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  await saveScreenshot(page, name, `es/${name}`);
}

const NOT_LOGGED = '(aún sin registrar)';
const DONE = '(listo)';
const STRESS_PAGES = ['Social', 'Dinero', 'Emocional/Mental', 'Manejo del tiempo', 'Físico'];
const ENTRY_ROUTES = ['sleep', 'water', 'fitness', 'food', 'rest', 'sunshine', 'hygiene'];

const card = (page: Page, type: string) =>
  page.locator(`section[aria-labelledby="category-${type}"]`);
const account = (page: Page) => page.locator('section[data-theme]');
const plus = (page: Page) => page.getByRole('button', { name: /^Registrar una actividad/ });
const doneButton = (page: Page) =>
  page.getByRole('button', { name: 'Listo, terminé por ahora', exact: true });

/** Each dashboard card: its category's name and, on an empty day, SPEC.md's words for it. */
const EMPTY_CARDS: Record<string, [string, string]> = {
  stress: ['Estrés', '¿Cuánto estrés tienes hoy? ¡Califícalo!'],
  sleep: ['Sueño', '¡Trata de dormir 9 horas!'],
  water: ['Agua', '¡Toma agua hoy!'],
  fitness: ['Actividad física', '¡Muévete hoy!'],
  food: ['Comida/Sustancias', '¡Piensa en lo que comes y bebes!'],
  rest: ['Descanso y calma', '¡Descansa!'],
  sunshine: ['Sol', '¡No olvides tomar un poco de sol!'],
  cleanliness: ['Higiene', '¡Ponte fresco y limpio!'],
};
/** The log menu's entries by route: the same category names. */
const MENU_NAMES: Record<string, string> = {
  sleep: 'Sueño',
  water: 'Agua',
  fitness: 'Actividad física',
  food: 'Comida/Sustancias',
  rest: 'Descanso y calma',
  sunshine: 'Sol',
  hygiene: 'Higiene',
};

async function openLogMenu(page: Page): Promise<Locator> {
  await plus(page).click();
  const menu = page.getByRole('dialog', { name: '¿Qué hiciste hoy?' });
  await expect(menu).toBeVisible();
  return menu.getByRole('navigation', { name: 'Registrar una actividad' });
}

async function expectMenuMarks(page: Page, mark: string) {
  const menu = await openLogMenu(page);
  for (const route of ENTRY_ROUTES) {
    await expect(menu.locator(`a[href="/activities/${route}"]`)).toHaveAccessibleName(
      `${MENU_NAMES[route]} ${mark}`,
    );
  }
  const stress = menu.getByRole('button', { name: `Estrés ${mark}` });
  await stress.click();
  for (const title of STRESS_PAGES) {
    await expect(menu.getByRole('link', { name: `${title} ${mark}` })).toBeVisible();
  }
}

interface Entry {
  route: string;
  taps: Record<string, number>;
  total: string;
}

const REST_OF_THE_DAY: readonly Entry[] = [
  {
    route: 'water',
    taps: { 'Sumar 1 a Vasos de agua': 2, 'Sumar 1 a Porciones de fruta': 1 },
    total: '$1.50',
  },
  {
    route: 'food',
    taps: { 'Sumar 1 a Alimentos verdes': 2, 'Sumar 1 a Alimentos amarillos': 1 },
    total: '$0.25',
  },
  { route: 'rest', taps: { 'Sumar 2 minutos a Descanso y calma': 4 }, total: '$1.00' },
  { route: 'sunshine', taps: { 'Sumar 2 minutos a Tiempo al sol': 4 }, total: '$1.00' },
  {
    route: 'hygiene',
    taps: {
      'Sumar 1 a Me cepillé los dientes': 2,
      'Sumar 1 a Me duché o me bañé': 1,
      'Sumar 1 a Usé hilo dental': 1,
    },
    total: '$2.00',
  },
];

async function logEntry(page: Page, entry: Entry, testInfo: TestInfo) {
  const menu = await openLogMenu(page);
  await menu.locator(`a[href="/activities/${entry.route}"]`).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    MENU_NAMES[entry.route] ?? '',
  );
  await expect(page.getByTestId('activity-total')).toHaveText('$0.00');
  await expect(page.getByTestId('earning-note')).toContainText('hoy');
  for (const [button, times] of Object.entries(entry.taps)) {
    await tap(page.getByRole('button', { name: button, exact: true }), times);
  }
  await expect(page.getByTestId('activity-total')).toHaveText(entry.total);
  await shoot(page, testInfo, entry.route);
  await doneButton(page).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function rate(page: Page, heading: string, rating: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await face(page, rating).click();
  await expect(page.getByRole('radio', { name: rating })).toBeChecked();
}

test('a student logs a whole day in Spanish', async ({ page, request }, testInfo) => {
  test.slow();
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id);
  await signInThroughStorage(page, request, student.email);
  await page.goto('/dashboard');

  await test.step('an empty day, in Spanish', async () => {
    await expect(account(page)).toHaveAttribute('data-theme', 'grey');
    await expect(account(page)).toContainText(
      'Cuenta WellbankSaldo de hoy$0.00Color de hoy: grisNivel de comida de hoy$0.00Estrés$0.00Energía$0.00',
    );
    for (const [type, [name, empty]] of Object.entries(EMPTY_CARDS)) {
      await expect(card(page, type).getByRole('heading', { name, exact: true })).toBeVisible();
      await expect(card(page, type)).toContainText(empty);
    }
    await expect(card(page, 'sleep')).toContainText('máx. $4');
    await expect(plus(page)).toHaveAccessibleName(
      'Registrar una actividad (hoy todavía no está completo)',
    );
    await shoot(page, testInfo, 'dashboard');
    await expectMenuMarks(page, NOT_LOGGED);
    await shoot(page, testInfo, 'log-menu');
    await page.getByRole('dialog').locator('a[href="/activities/sleep"]').click();
  });

  await test.step('sleep: what earns, the counter and the saving state', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sueño');
    await expect(page.getByTestId('earning-note')).toHaveText(
      'Tu primera hora de sueño no gana nada. Después, cada media hora gana $0.25, hasta $4.00 a las 9 horas.',
    );
    await expect(page.getByText('¿Cuánto dormiste anoche?')).toBeVisible();
    await tap(page.getByRole('button', { name: 'Sumar 30 minutos a Tiempo dormido' }), 18);
    await expect(counterValue(page, 'Tiempo dormido')).toHaveText('9:00');
    await expect(page.getByTestId('activity-total')).toHaveText('$4.00');
    await expect(page.getByRole('status')).toHaveText('Tiempo dormido 9:00. Total $4.00.');
    await shoot(page, testInfo, 'sleep');
    await doneButton(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(card(page, 'sleep')).toContainText('Tiempo dormido9:00$4.50Monto inicial-$0.50');
    await expect(card(page, 'sleep')).toContainText('¡Ganaste todo el dinero, muy bien!');
  });

  await test.step('exercise worth $8 saves a piggy bank; the page says why it passes $4', async () => {
    await page.goto('/activities/fitness');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Actividad física');
    await expect(page.getByTestId('earning-note')).toHaveText(
      'La meta es $4.00 al día. Con más ejercicio o un ejercicio ahorrado puedes llegar hasta $6.00.',
    );
    await expect(page.getByRole('button', { name: 'Usar ahorros' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Deshacer ahorro' })).toBeDisabled();
    await tap(page.getByRole('button', { name: 'Sumar 2 minutos a Ejercicio intenso' }), 16);
    await expect(page.getByTestId('activity-total')).toHaveText('$6.00');
    await expect(page.getByText('¡Muy buen ejercicio!', { exact: false })).toBeVisible();
    await shoot(page, testInfo, 'fitness');
    await doneButton(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(card(page, 'fitness')).toContainText('No sube de $6.00-$2.00');
  });

  await test.step('water, food, rest, sunshine and hygiene', async () => {
    for (const entry of REST_OF_THE_DAY) await logEntry(page, entry, testInfo);
  });

  await test.step('five stress pages, with Atrás and Siguiente', async () => {
    const menu = await openLogMenu(page);
    await menu.getByRole('button', { name: `Estrés ${NOT_LOGGED}` }).click();
    await menu.getByRole('link', { name: `Social ${NOT_LOGGED}` }).click();
    await expect(page.getByText('Estrés 1 de 5')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Atrás' })).toBeDisabled();
    await expect(
      page.getByText('¿Cuánto estrés te dan hoy tus amigos, tu familia y otras personas?'),
    ).toBeVisible();
    await rate(page, 'Social', '1, sin estrés');
    await shoot(page, testInfo, 'stress');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await rate(page, 'Dinero', '2, un poco de estrés');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await rate(page, 'Emocional/Mental', '1, sin estrés');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await rate(page, 'Manejo del tiempo', '3, algo de estrés');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await rate(page, 'Físico', '1, sin estrés');
    await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await doneButton(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('the complete day', async () => {
    await expect(account(page)).toHaveAttribute('data-theme', 'dark_green');
    await expect(account(page)).toContainText('Color de hoy: verde');
    await expect(page.getByTestId('today-balance')).toHaveText('$15.00');
    await expect(page.getByTestId('energy-total')).toHaveText('$15.75');
    await expect(page.getByTestId('stress-total')).toHaveText('-$0.75');
    await expect(
      account(page).getByRole('img', { name: 'Nivel de comida amarillo' }),
    ).toBeVisible();
    await expect(page.getByTestId('header-points')).toHaveText(firstCompleteDayPoints(150));
    await expect(plus(page)).toHaveAccessibleName('Registrar una actividad');
    await expect(card(page, 'stress')).toContainText('Manejo del tiempo3 de 5-$0.50');
    await expect(account(page)).toContainText('Cuenta WellbankSaldo de hoy$15.00');
    await shoot(page, testInfo, 'dashboard-complete');
    await expectMenuMarks(page, DONE);
    await shoot(page, testInfo, 'log-menu-complete');
  });
});

test('login, sign-up and the dashboard in Spanish have no WCAG 2.2 A/AA violations', async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  const spanish = page.locator('html[lang="es"]');

  await page.goto('/login');
  await expect(spanish).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elige tu rol:');
  await expectNoAxeViolations(page);

  await page.goto('/sign-up/create/schools');
  await expect(spanish).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The school is not paid yet: the join page says so with the domain's sentence, in Spanish.
  await page.goto(`/sign-up/join/schools/${school.coordinator.school.id}?code=${school.code}`);
  await expect(
    page.getByText(`La suscripción de ${school.name} todavía no está pagada.`, { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id);
  await signInThroughStorage(page, request, student.email);
  await page.goto('/dashboard');
  await expect(account(page)).toContainText('Saldo de hoy');
  await expectNoAxeViolations(page);
});
