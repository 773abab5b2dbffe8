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
import { sidewaysOverflow } from './support/reflow.ts';
import { attachAtBothWidths } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/** A staff member of the coordinator's school (joined as a student, switched by the API). */
async function joinAsStaff(request: APIRequestContext, coordinator: Account, firstName: string) {
  const person = await joinSchoolAsStudent(request, coordinator.school.id, firstName);
  const url = `/api/v1/schools/${coordinator.school.id}/users/${person.id}/roles/staff`;
  const response = await request.put(url, { headers: bearer(coordinator) });
  expect(response.ok(), await response.text()).toBe(true);
  return person;
}

/**
 * Issue 35 §2: a coordinator makes a staff member a coordinator, who then sees the coordinator's
 * pages, and makes them staff again; the last coordinator cannot remove themselves.
 */
test('a coordinator makes a staff member coordinator and back; the last one stays', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const nora = await joinAsStaff(request, school.coordinator, 'Nora');

  // Nora, staff, signed in on her own device: the coordinator's pages are not hers.
  const noraContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const noraPage = await noraContext.newPage();
  await signIn(noraPage, nora.email);
  await expect(noraPage).toHaveURL(/\/dashboard$/);
  await noraPage.goto('/schools/semesters');
  await expect(noraPage).toHaveURL(/\/dashboard$/);

  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');
  const table = page.getByRole('table', { name: 'Staff and students' });
  const noraRow = table.getByRole('row', { name: /Nora Rivera/ });
  const ownRow = table.getByRole('row', { name: /Maya Lopez/ });
  await expect(ownRow.getByText('Coordinator', { exact: true })).toBeVisible();
  await expect(noraRow.getByText('Coordinator', { exact: true })).toHaveCount(0);

  await noraRow.getByRole('button', { name: 'Make coordinator: Nora Rivera' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Make Nora Rivera a coordinator?' });
  await expect(dialog).toBeVisible();
  await attachAtBothWidths(page, testInfo, 'coordinator-make-dialog');
  await dialog.getByRole('button', { name: 'Yes, make coordinator' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(noraRow.getByText('Coordinator', { exact: true })).toBeVisible();
  await expect(
    noraRow.getByRole('button', { name: 'Remove as coordinator: Nora Rivera' }),
  ).toBeVisible();
  await attachAtBothWidths(page, testInfo, 'coordinator-list');
  expect(await sidewaysOverflow(page)).toEqual([]);

  // Her next visit reads her new role: the coordinator's pages open.
  await noraPage.goto('/schools/semesters');
  await expect(noraPage.getByRole('heading', { name: 'Schedule interval settings' })).toBeVisible();
  await expect(noraPage).toHaveURL(/\/schools\/semesters$/);

  await noraRow.getByRole('button', { name: 'Remove as coordinator: Nora Rivera' }).click();
  const removeDialog = page.getByRole('alertdialog', {
    name: 'Remove Nora Rivera as coordinator?',
  });
  await removeDialog.getByRole('button', { name: 'Yes, remove as coordinator' }).click();
  await expect(removeDialog).toHaveCount(0);
  await expect(noraRow.getByText('Coordinator', { exact: true })).toHaveCount(0);
  await expect(
    noraRow.getByRole('button', { name: 'Make coordinator: Nora Rivera' }),
  ).toBeVisible();

  // Staff again: the coordinator's pages send her back to her dashboard.
  await noraPage.goto('/schools/semesters');
  await expect(noraPage).toHaveURL(/\/dashboard$/);
  await noraContext.close();

  // Maya is the last coordinator: she cannot remove herself, and is told why.
  await ownRow.getByRole('button', { name: 'Remove as coordinator: Maya Lopez' }).click();
  const selfDialog = page.getByRole('alertdialog', { name: 'Remove Maya Lopez as coordinator?' });
  await selfDialog.getByRole('button', { name: 'Yes, remove as coordinator' }).click();
  await expect(
    selfDialog.getByText('A school needs at least one coordinator: make someone else one first'),
  ).toBeVisible();
  await attachAtBothWidths(page, testInfo, 'coordinator-last');
  await selfDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(ownRow.getByText('Coordinator', { exact: true })).toBeVisible();
});

test('in Spanish the coordinator labels and the last-coordinator message', async ({
  page,
  request,
}, testInfo) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  await joinAsStaff(request, school.coordinator, 'Nora');
  await setLanguage(request, school.coordinator, 'es');
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');

  const table = page.getByRole('table', { name: 'Personal y estudiantes' });
  const ownRow = table.getByRole('row', { name: /Maya Lopez/ });
  const noraRow = table.getByRole('row', { name: /Nora Rivera/ });
  await expect(ownRow.getByText('Coordinador', { exact: true })).toBeVisible();
  await expect(noraRow.getByRole('button', { name: 'Hacer coordinador: Nora Rivera' })).toHaveText(
    'Hacer coordinador',
  );
  expect(await sidewaysOverflow(page)).toEqual([]);
  await ownRow.getByRole('button', { name: 'Quitar como coordinador: Maya Lopez' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Quitar a Maya Lopez como coordinador?' });
  await dialog.getByRole('button', { name: 'Sí, quitar como coordinador' }).click();
  await expect(
    dialog.getByText(
      'Una escuela necesita al menos un coordinador: haga coordinador a otra persona primero',
    ),
  ).toBeVisible();
  await attachAtBothWidths(page, testInfo, 'coordinator-last-es');
});
