import type { APIRequestContext } from '@playwright/test';
import {
  type Account,
  bearer,
  createSchool,
  joinSchoolAsStudent,
  paySubscription,
  setLanguage,
  signIn,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { tap } from './support/daily-logging.ts';
import { logWater } from './support/school-life.ts';
import { attachAtBothWidths } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * Issue 37 §2, decision 0084: staff start a class challenge for a homeroom; a child of the class
 * logs and the class's one shared meter on the dashboard moves. English and Spanish.
 */

const ROOM = 'Room 7';
/** Two shared cores: a page's first answer may take a while. */
const SLOW = { timeout: 30_000 };

async function classOfThree(request: APIRequestContext) {
  const school = await createSchool(request);
  const { coordinator } = school;
  await paySubscription(request, coordinator);
  const children: Account[] = [];
  for (const name of ['Ana', 'Sam', 'Lia']) {
    const child = await joinSchoolAsStudent(request, coordinator.school.id, name);
    const response = await request.patch(
      `/api/v1/schools/${coordinator.school.id}/users/${child.id}`,
      { headers: bearer(coordinator), data: { grade: '2', homeroom: ROOM } },
    );
    expect(response.ok(), await response.text()).toBe(true);
    children.push(child);
  }
  const [ana, sam] = children as [Account, Account];
  return { coordinator, ana, sam };
}

test('staff start a water week; a child logs and the class meter moves', async ({
  page: staffPage,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000); // two browsers, two axe scans, on two shared cores
  let page = staffPage;
  const { coordinator, ana, sam } = await classOfThree(request);
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/, SLOW);
  await page.goto('/schools/class-challenges');
  await expect(page.getByRole('heading', { name: 'Class challenges', level: 1 })).toBeVisible(SLOW);
  await page.getByLabel('Challenge').selectOption('water_cups');
  await page.getByLabel('Goal for the class').fill('20');
  await page.getByLabel('Homeroom').fill(ROOM);
  await page.getByRole('button', { name: 'Start for one week' }).click();
  const item = page.getByRole('listitem').filter({ hasText: 'Water week' });
  await expect(item).toContainText(`Homeroom ${ROOM}`);
  await expect(item).toContainText('Together: 0 of 20');
  await expect(item).toContainText('Running');
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'class-challenges-staff');

  // A second one for the same class is refused while this one runs.
  await page.getByRole('button', { name: 'Start for one week' }).click();
  await expect(page.getByText('This class already has a challenge running.')).toBeVisible();

  // A classmate logged 3 cups; Ana logs 2 on her water page.
  await logWater(request, sam, 3);
  await page.close();
  page = await (await browser.newContext()).newPage();
  await signIn(page, ana.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const meter = page.getByRole('region', { name: 'Water week: cups of water together' });
  await expect(meter).toContainText('Our class together: 3 of 20', SLOW);
  await expect(meter.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  // The class sees the total, never who gave what.
  await expect(meter).not.toContainText('Sam');
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'class-challenge-meter');

  await page.goto('/activities/water');
  await tap(page.getByRole('button', { name: 'Add 1 to Cups of water' }), 2);
  await page.getByRole('button', { name: "Okay, I'm done for now" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(meter).toContainText('Our class together: 5 of 20');

  // Staff end it early: the meter leaves the dashboard.
  const challenges = await request.get(
    `/api/v1/schools/${coordinator.school.id}/class-challenges`,
    { headers: bearer(coordinator) },
  );
  const [running] = (await challenges.json()).challenges;
  const ended = await request.post(`/api/v1/class-challenges/${running.id}/end`, {
    headers: bearer(coordinator),
  });
  expect(ended.status()).toBe(204);
  const reread = page.waitForResponse((r) => r.url().endsWith('/class-challenges'));
  await page.reload();
  expect((await (await reread).json()).challenges).toEqual([]);
  await expect(meter).toHaveCount(0);
});

test('the staff page and the meter read in Spanish', async ({
  page: staffPage,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000); // two browsers on two shared cores
  let page = staffPage;
  const { coordinator, ana } = await classOfThree(request);
  await setLanguage(request, coordinator, 'es');
  await setLanguage(request, ana, 'es');
  const started = await request.post(`/api/v1/schools/${coordinator.school.id}/class-challenges`, {
    headers: bearer(coordinator),
    data: { kind: 'sleep_nights', scope: 'homeroom', class_name: ROOM, target: 15 },
  });
  expect(started.status(), await started.text()).toBe(201);
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/, SLOW);
  await page.goto('/schools/class-challenges');
  await expect(page.getByRole('heading', { name: 'Retos de clase', level: 1 })).toBeVisible(SLOW);
  await expect(page.getByRole('listitem').first()).toContainText('Juntos: 0 de 15');
  await attachAtBothWidths(page, testInfo, 'class-challenges-staff-es');

  await page.close();
  page = await (await browser.newContext()).newPage();
  await signIn(page, ana.email);
  const meter = page.getByRole('region', { name: 'Semana del sueño: noches de 9 horas juntos' });
  await expect(meter).toContainText('Nuestra clase junta: 0 de 15', SLOW);
  await attachAtBothWidths(page, testInfo, 'class-challenge-meter-es');
});
