import type { APIRequestContext } from '@playwright/test';
import type { SessionRecord } from '@wellbank/domain';
import { type Account, createSchool, paySubscription, setLanguage } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { attachAtBothWidths } from './support/screenshots.ts';
import { signInThroughStorage } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

/*
 * Issue 35 "The year turns": the coordinator reviews the year-end rollover in plain words,
 * confirms it, and reads what it did (decision 0069).
 */

test.describe.configure({ timeout: 300_000 });
const SLOW = { timeout: 20_000 };

const auth = (user: SessionRecord) => ({ authorization: `Bearer ${user.token}` });

/** A paid school with a kindergartner, a 5th grader and two 12th graders. */
async function schoolOfGrades(request: APIRequestContext): Promise<Account> {
  const { coordinator } = await createSchool(request);
  await paySubscription(request, coordinator);
  const students: [string, string][] = [
    ['Ana', 'K'],
    ['Ben', '5'],
    ['Cleo', '12'],
    ['Dev', '12'],
  ];
  for (const [firstName, grade] of students) {
    const response = await request.post(`/api/v1/schools/${coordinator.school.id}/students`, {
      headers: auth(coordinator),
      data: { first_name: firstName, last_name: 'Rivera', grade, homeroom: 'H1' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return coordinator;
}

test('a coordinator reviews, confirms and reads the year-end rollover', async ({
  page,
  request,
}, testInfo) => {
  const coordinator = await schoolOfGrades(request);
  await signInThroughStorage(page, request, coordinator.email);
  await page.goto('/schools/year-end-rollover');
  await expect(page.getByRole('heading', { name: 'Year-end rollover' })).toBeVisible(SLOW);

  await page.getByRole('radio', { name: 'Reset team names to their defaults' }).check();
  await page.getByLabel('Start date').fill('08/20/2040');
  await page.getByLabel('End date').fill('06/10/2041');
  await page.getByLabel('Points needed').fill('900');
  await page.getByRole('button', { name: 'Review the rollover' }).click();

  const review = page.getByRole('region', { name: '3. Review: what the rollover will do' });
  await expect(review.getByText('Moving up a grade: 2 students.')).toBeVisible(SLOW);
  await expect(review.getByText('Kindergarten → Grade 1: 1 student')).toBeVisible();
  await expect(
    review.getByText('Leaving, as the last grade (Grade 12) or above: 2 students.'),
  ).toBeVisible();
  await expect(review.getByText('Cleo Rivera (Grade 12, H1)')).toBeVisible();
  await expect(
    review.getByText(
      'Interval opened and made active: 08/20/2040 to 06/10/2041, 900 points needed.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'rollover-review');

  await review.getByRole('button', { name: 'Roll over the school year' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Roll over the school year?' });
  await attachAtBothWidths(page, testInfo, 'rollover-confirm');
  await dialog.getByRole('button', { name: 'Roll over' }).click();
  await expect(page.getByRole('status')).toHaveText('The school year was rolled over.', SLOW);
  await expect(page.getByText('What the rollover did')).toBeVisible();
  await attachAtBothWidths(page, testInfo, 'rollover-result');

  // The intervals page shows the new one active.
  await page.getByRole('link', { name: 'See the intervals' }).click();
  await expect(page.getByRole('switch', { name: 'Active: 08/20/2040 to 06/10/2041' })).toBeChecked(
    SLOW,
  );
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-US' });

  test('the review and the result read in Spanish, dates typed dd/mm/aaaa', async ({
    page,
    request,
  }, testInfo) => {
    const coordinator = await schoolOfGrades(request);
    await setLanguage(request, coordinator, 'es');
    await signInThroughStorage(page, request, coordinator.email);
    await page.goto('/schools/year-end-rollover');
    await expect(page.getByRole('heading', { name: 'Cierre del año escolar' })).toBeVisible(SLOW);
    await page.getByRole('radio', { name: 'Eliminar sus cuentas ahora' }).check();
    await page.getByLabel('Fecha de inicio').fill('20/08/2040');
    await page.getByLabel('Fecha de fin').fill('10/06/2041');
    await page.getByLabel('Puntos necesarios').fill('900');
    await page.getByRole('button', { name: 'Revisar el cierre del año' }).click();
    await expect(page.getByText('Pasan al grado siguiente: 2 estudiantes.')).toBeVisible(SLOW);
    await expect(page.getByText('Sus cuentas se eliminan de inmediato.')).toBeVisible();
    await attachAtBothWidths(page, testInfo, 'rollover-review-es');
    await page.getByRole('button', { name: 'Cerrar el año escolar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cerrar el año' }).click();
    await expect(page.getByRole('status')).toHaveText('El año escolar se cerró.', SLOW);
    await attachAtBothWidths(page, testInfo, 'rollover-result-es');
  });
});
