import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { Activity, ClassCard, SessionRecord } from '@wellbank/domain';
import {
  type Account,
  createSchool,
  joinSchoolAsStudent,
  PASSWORD,
  paySubscription,
  setLanguage,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { deviceState, storedSession, tapPictures } from './support/class-sign-in.ts';
import { expectTouchTarget } from './support/daily-logging.ts';
import { attachAtBothWidths } from './support/screenshots.ts';
import { SESSION_KEY } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

/*
 * Issue 37 §4, decision 0085: a teacher turns the classroom screen into the class's check-in;
 * children come up one by one, log the day on a large page (never stress) and hand over; nothing
 * of one child is left for the next, and the class meter rises as they go.
 */

const HOMEROOM = 'K-2';
test.describe.configure({ timeout: 600_000 });
const SLOW = { timeout: 20_000 };

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    login: 'Login',
    homeroom: 'Homeroom',
    start: 'Start class check-in on this screen',
    checkIn: 'Class check-in',
    names: 'Who are you? Tap your name.',
    hi: (name: string) => `Hi ${name}! How was your day?`,
    cups: 'Add 1 to Cups of water',
    sleep: 'Add 30 minutes to Time asleep',
    meter: (total: number) => `Our class together: ${total} of 20`,
    done: 'Done — next friend!',
    stress: /stress/i,
  },
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    login: 'Iniciar sesión',
    homeroom: 'Salón',
    start: 'Empezar el registro de la clase en esta pantalla',
    checkIn: 'Registro de la clase',
    names: '¿Quién eres? Toca tu nombre.',
    hi: (name: string) => `¡Hola, ${name}! ¿Cómo fue tu día?`,
    cups: 'Sumar 1 a Vasos de agua',
    sleep: 'Sumar 30 minutos a Tiempo dormido',
    meter: (total: number) => `Nuestra clase junta: ${total} de 20`,
    done: '¡Listo! ¡Siguiente turno!',
    stress: /estrés/i,
  },
} as const;

type Language = keyof typeof WORDS;

const auth = (user: SessionRecord) => ({ authorization: `Bearer ${user.token}` });

/** A paid school, a homeroom of three (a challenge's least) and its Water week, by the API. */
async function setUpClass(request: APIRequestContext, language: Language) {
  const { coordinator } = await createSchool(request);
  await paySubscription(request, coordinator);
  await setLanguage(request, coordinator, language);
  const children: Account[] = [];
  for (const name of ['Ana', 'Ben', 'Cleo']) {
    const child = await joinSchoolAsStudent(request, coordinator.school.id, name);
    const placed = await request.patch(
      `/api/v1/schools/${coordinator.school.id}/users/${child.id}`,
      { headers: auth(coordinator), data: { grade: 'K', homeroom: HOMEROOM } },
    );
    expect(placed.ok(), await placed.text()).toBe(true);
    await setLanguage(request, child, language);
    children.push(child);
  }
  const started = await request.post(`/api/v1/schools/${coordinator.school.id}/class-challenges`, {
    headers: auth(coordinator),
    data: { kind: 'water_cups', scope: 'homeroom', class_name: HOMEROOM, target: 20 },
  });
  expect(started.status(), await started.text()).toBe(201);
  const cards = await request.get(
    `/api/v1/schools/${coordinator.school.id}/class-cards?homeroom=${HOMEROOM}`,
    { headers: auth(coordinator) },
  );
  return { coordinator, children, cards: (await cards.json()) as ClassCard[] };
}

/** One child's turn: name, pictures, the large page, cups and sleep, "Done — next friend". */
async function turn(
  page: Page,
  testInfo: TestInfo,
  language: Language,
  child: { name: string; pictures: readonly string[]; cups: number; meterBefore: number },
  shoot: boolean,
) {
  const words = WORDS[language];
  await page.getByRole('button', { name: `${child.name} R.` }).click();
  await tapPictures(page, child.pictures, language);
  await expect(page).toHaveURL(/\/check-in$/, SLOW);
  await expect(page.getByRole('heading', { name: words.hi(child.name), level: 1 })).toBeVisible(
    SLOW,
  );
  // The class's total only, and before this child's cups.
  await expect(page.getByTestId('class-challenge-total')).toHaveText(
    words.meter(child.meterBefore),
    SLOW,
  );
  // Stress is never on the classroom screen.
  await expect(page.locator('main')).not.toContainText(words.stress);
  const cups = page.getByRole('button', { name: words.cups });
  await expect(cups).toBeVisible();
  await expectTouchTarget(cups);
  for (let i = 0; i < child.cups; i++) await cups.click();
  await page.getByRole('button', { name: words.sleep }).click();
  const done = page.getByRole('button', { name: words.done });
  await expectTouchTarget(done);
  if (shoot) {
    await expectNoAxeViolations(page);
    await attachAtBothWidths(page, testInfo, `class-check-in-child-${language}`);
  }
  await done.click();
  await expect(page).toHaveURL(/\/class\/[2-9A-HJ-NP-Z]{8}(\?|$)/, SLOW);
  await expect(page.getByRole('heading', { name: words.names })).toBeVisible(SLOW);
  // The names screen's meter, read by the class code, has this child's cups now.
  await expect(page.getByTestId('class-challenge-total')).toHaveText(
    words.meter(child.meterBefore + child.cups),
    SLOW,
  );
}

async function classCheckIn(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  language: Language,
) {
  const words = WORDS[language];
  const { coordinator, children, cards } = await setUpClass(request, language);
  const [ana, ben] = children as [Account, Account];
  const pictures = (child: Account) => cards.find((c) => c.id === child.id)?.secret_pictures ?? [];

  // The teacher signs in on the classroom screen and starts the check-in for the homeroom.
  await page.goto('/login');
  await page.getByLabel(words.email).fill(coordinator.email);
  await page.getByLabel(words.password).fill(PASSWORD);
  await page.getByRole('button', { name: words.login }).click();
  await expect(page).toHaveURL(/\/dashboard$/, SLOW);
  await page.goto('/schools/class-sign-in');
  await page.getByLabel(words.homeroom, { exact: true }).fill(HOMEROOM);
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, `class-check-in-staff-${language}`);
  await page.getByRole('button', { name: words.start }).click();

  // The screen is the class's now: the teacher is signed out of it.
  await expect(page).toHaveURL(/\/class\/[2-9A-HJ-NP-Z]{8}(\?|$)/, SLOW);
  await expect(page.getByRole('heading', { name: words.names })).toBeVisible(SLOW);
  await expect(page.getByText(words.checkIn, { exact: true })).toBeVisible();
  await expect(page.getByTestId('class-challenge-total')).toHaveText(words.meter(0), SLOW);
  const atStart = await deviceState(page);
  expect(`${atStart.local}${atStart.session}`).not.toContain(SESSION_KEY);
  expect(`${atStart.local}${atStart.session}`).not.toContain(coordinator.email);
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, `class-check-in-names-${language}`);

  await turn(
    page,
    testInfo,
    language,
    { name: 'Ana', pictures: pictures(ana), cups: 3, meterBefore: 0 },
    true,
  );
  // Nothing of Ana is left on the screen for Ben.
  const afterAna = await deviceState(page);
  for (const kept of [afterAna.local, afterAna.session]) {
    expect(kept).not.toContain(SESSION_KEY);
    expect(kept).not.toContain('Ana');
    expect(kept).not.toContain(ana.email);
  }
  expect(afterAna.offlineKeys.filter((key) => key.endsWith(`:${ana.id}`))).toEqual([]);
  expect(afterAna.cachedApiUrls).toEqual([]);
  expect(storedSession(afterAna)).toBeUndefined();

  // Ben's page starts from his own empty day, and the meter has Ana's three cups.
  await turn(
    page,
    testInfo,
    language,
    { name: 'Ben', pictures: pictures(ben), cups: 2, meterBefore: 3 },
    false,
  );
  const afterBen = await deviceState(page);
  expect(`${afterBen.local}${afterBen.session}`).not.toContain('Ben');
  expect(storedSession(afterBen)).toBeUndefined();

  // Both days were saved through the ordinary save, each to its own child.
  for (const [child, cups] of [
    [ana, 3],
    [ben, 2],
  ] as const) {
    const day = await request.get('/api/v1/activities', { headers: auth(child) });
    const saved = (await day.json()) as Activity[];
    const value = (type: string, key: string) =>
      saved.find((a) => a.activity_type === type)?.properties.find((p) => p.property_key === key)
        ?.property_value;
    expect(value('water', 'cups')).toBe(cups);
    expect(value('sleep', 'minutes')).toBe(30);
    expect(saved.map((a) => a.activity_type)).not.toContain('stress');
  }
  const challenges = await request.get(`/api/v1/users/${ana.id}/class-challenges`, {
    headers: auth(ana),
  });
  expect((await challenges.json()).challenges[0].total).toBe(5);
}

test('a class checks in on one screen, child after child, and the meter rises', async ({
  page,
  request,
}, testInfo) => {
  await classCheckIn(page, request, testInfo, 'en');
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('el registro de la clase, en español', async ({ page, request }, testInfo) => {
    await classCheckIn(page, request, testInfo, 'es');
  });
});
