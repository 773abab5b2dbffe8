import type { Page, TestInfo } from '@playwright/test';
import { addDays, isoToLocalDate, localDate } from '@wellbank/domain';
import {
  createSchool,
  joinSchoolAsStudent,
  paySubscription,
  setLanguage,
} from './support/accounts.ts';
import { logWater } from './support/school-life.ts';
import { signInThroughStorage } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

/*
 * Issue 17: a phone set to Spanish (the first visit follows the browser's language) types and
 * reads dates as dd/mm/aaaa, and numbers, money and day names in Spanish (rules.md, Languages).
 */

test.use({ locale: 'es-US' });

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, scale: 'css', animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('in Spanish a coordinator creates an interval typing dd/mm/aaaa and reads it so', async ({
  page,
  request,
}, testInfo) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  await setLanguage(request, school.coordinator, 'es');
  await signInThroughStorage(page, request, school.coordinator.email);
  await page.goto('/schools/semesters');

  const table = page.getByRole('table', { name: 'Periodos' });
  // Sign-up's first interval, from today for 120 days, in Spanish order (day first).
  const today = localDate(new Date(), 'America/Denver');
  const first = `${isoToLocalDate(today, 'es')} a ${isoToLocalDate(addDays(today, 120), 'es')}`;
  await expect(table.getByRole('switch', { name: `Activo: ${first}` })).toBeChecked();
  await expect(table.getByRole('cell', { name: '1,000' })).toBeVisible();

  const start = page.getByLabel('Fecha de inicio');
  const end = page.getByLabel('Fecha de fin');
  await expect(start).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await expect(end).toHaveAttribute('placeholder', 'dd/mm/aaaa');

  // An English date is not a Spanish one: month 31 does not exist. The message is Spanish.
  await start.fill('05/01/2025');
  await end.fill('03/31/2025');
  await page.getByLabel('Puntos necesarios').fill('750');
  const create = page.getByRole('button', { name: 'Crear' });
  await create.click();
  await expect(page.getByText('Fecha de fin debe ser una fecha (dd/mm/aaaa)')).toBeVisible();

  await end.fill('31/03/2025');
  await create.click();
  await expect(page.getByRole('status')).toHaveText('Periodo creado.');
  // 5 January to 31 March, written as it was typed.
  const secondName = 'Activo: 05/01/2025 a 31/03/2025';
  await expect(table.getByRole('switch', { name: secondName })).not.toBeChecked();
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('switch', { name: secondName }) });
  await expect(row.getByRole('cell').first()).toHaveText('05/01/2025');
  await expect(row.getByRole('cell').nth(1)).toHaveText('31/03/2025');
  await shoot(page, testInfo, 'semesters-es');

  // Editing shows the dates as the form takes them, and reads the changed one the same way.
  await row.getByRole('button', { name: /^Editar/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Fecha de inicio')).toHaveValue('05/01/2025');
  await dialog.getByLabel('Fecha de fin').fill('01/04/2025');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    table.getByRole('switch', { name: 'Activo: 05/01/2025 a 01/04/2025' }),
  ).toBeVisible();
});

test('in Spanish a student reads the progress page in Spanish formats', async ({
  page,
  request,
}, testInfo) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Nora');
  await logWater(request, student, 6); // $3.00 today
  await setLanguage(request, student, 'es');
  await signInThroughStorage(page, request, student.email);
  await page.goto('/progress');

  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
  await expect(page.getByText('30 / 1,000')).toBeVisible();
  await page.locator('details summary').first().click();
  const chartTable = page.getByRole('table').first();
  const lastRow = chartTable.getByRole('row').last();
  await expect(lastRow).toContainText('$3.00');
  // Today's row names the day in Spanish ("lun, 23 nov"), not in English.
  const day = new Intl.DateTimeFormat('es-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${localDate(new Date(), 'America/Denver')}T00:00:00Z`));
  await expect(lastRow).toContainText(day);
  await shoot(page, testInfo, 'progress-es');
});
