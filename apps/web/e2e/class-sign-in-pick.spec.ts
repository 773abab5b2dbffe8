import type { APIRequestContext, Page } from '@playwright/test';
import type { SessionRecord } from '@wellbank/domain';
import {
  type Account,
  createSchool,
  joinSchoolAsStudent,
  paySubscription,
  setLanguage,
  signIn,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectTouchTarget } from './support/daily-logging.ts';
import { attachAtBothWidths } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/*
 * Issue 34 §2: staff open class sign-in for students they pick one by one, from a searchable list
 * of the school's students, instead of a whole homeroom.
 */

/** Each test sets up a paid school and its students through the API first, on a busy machine. */
test.describe.configure({ timeout: 600_000 });
const SLOW = { timeout: 20_000 };

const auth = (user: SessionRecord) => ({ authorization: `Bearer ${user.token}` });

/** A paid school with Ana and Ben in K-1, Cleo and Dev in K-2 (all "Rivera"). */
async function schoolOfFour(request: APIRequestContext): Promise<Account> {
  const { coordinator } = await createSchool(request);
  await paySubscription(request, coordinator);
  const rooms: Record<string, string> = { Ana: 'K-1', Ben: 'K-1', Cleo: 'K-2', Dev: 'K-2' };
  for (const [name, homeroom] of Object.entries(rooms)) {
    const child = await joinSchoolAsStudent(request, coordinator.school.id, name);
    const placed = await request.patch(
      `/api/v1/schools/${coordinator.school.id}/users/${child.id}`,
      { headers: auth(coordinator), data: { grade: 'K', homeroom } },
    );
    expect(placed.ok(), await placed.text()).toBe(true);
  }
  return coordinator;
}

/** The names a class code's tablet lists, as the children see them. */
async function classNames(page: Page): Promise<string[]> {
  const names = page.getByRole('main').getByRole('listitem').getByRole('button');
  return (await names.allInnerTexts()).map((text) => text.trim());
}

test('staff pick two students of different homerooms; the class lists exactly those two', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const coordinator = await schoolOfFour(request);
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/, SLOW);
  await page.goto('/schools/class-sign-in');
  await expect(page.getByRole('heading', { name: 'Class sign-in', level: 1 })).toBeVisible(SLOW);

  const choice = page.getByRole('group', { name: 'Open class sign-in for' });
  await expect(choice.getByRole('radio', { name: 'A homeroom' })).toBeChecked();
  await expectTouchTarget(choice.locator('label').filter({ hasText: 'Students I pick' }));
  // Keyboard: the arrow key moves the choice from the homeroom to the students.
  await choice.getByRole('radio', { name: 'A homeroom' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(choice.getByRole('radio', { name: 'Students I pick' })).toBeChecked();

  const students = page.getByRole('group', { name: 'Students' });
  await expect(students.getByRole('checkbox')).toHaveCount(4, SLOW);
  await expect(students.getByText('Showing 4 of 4 students')).toBeVisible();
  await expect(page.getByTestId('chosen-count')).toHaveText('No students chosen');
  const open = page.getByRole('button', { name: 'Open class sign-in' });
  await expect(open).toBeDisabled();

  const search = page.getByRole('searchbox', { name: 'Search students by name' });
  await search.fill('ana');
  await expect(students.getByRole('checkbox')).toHaveCount(1, SLOW);
  const ana = students.getByRole('checkbox', { name: 'Ana Rivera Homeroom K-1' });
  await expectTouchTarget(students.locator('label').filter({ hasText: 'Ana Rivera' }));
  await ana.check();
  await expect(page.getByTestId('chosen-count')).toHaveText('1 student chosen');
  await search.fill('DEV');
  await expect(students.getByRole('checkbox')).toHaveCount(1, SLOW);
  await students.getByRole('checkbox', { name: 'Dev Rivera Homeroom K-2' }).check();
  await expect(page.getByTestId('chosen-count')).toHaveText('2 students chosen');
  await search.fill('zz');
  await expect(students.getByText('No student’s name contains “zz”.')).toBeVisible(SLOW);
  // The choices stay whatever the search shows.
  await search.fill('');
  await expect(students.getByRole('checkbox')).toHaveCount(4, SLOW);
  await expect(students.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'staff-pick-students');

  await open.click();
  await expect(page.getByRole('heading', { name: 'Class sign-in: 2 students' })).toBeVisible(SLOW);
  const shown = page.getByTestId('class-code');
  await expect(shown).toHaveText(/^[2-9A-HJ-NP-Z]{4} [2-9A-HJ-NP-Z]{4}$/, SLOW);
  // Class cards are a homeroom's: no link for students picked.
  await expect(page.getByRole('link', { name: 'Class cards' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await attachAtBothWidths(page, testInfo, 'staff-picked-code');
  const code = (await shown.textContent())?.replace(' ', '') ?? '';

  const tablet = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shared = await tablet.newPage();
  await shared.goto(`/class/${code}`);
  await expect(shared.getByRole('heading', { name: 'Who are you? Tap your name.' })).toBeVisible(
    SLOW,
  );
  expect(await classNames(shared)).toEqual(['Ana R.', 'Dev R.']);
  await tablet.close();
});

test('a school of 120 students: 50 at a time, Show more, and a search finds the rest', async ({
  page,
  request,
}) => {
  const coordinator = await schoolOfFour(request);
  const numbers = Array.from({ length: 116 }, (_, i) => String(i + 1).padStart(3, '0'));
  // Added by name without e-mail (decision 0063), a few at a time on the shared machine.
  for (let start = 0; start < numbers.length; start += 8) {
    await Promise.all(
      numbers.slice(start, start + 8).map(async (n) => {
        const added = await request.post(`/api/v1/schools/${coordinator.school.id}/students`, {
          headers: auth(coordinator),
          data: { first_name: 'Kid', last_name: n, homeroom: 'K-3' },
        });
        expect(added.ok(), await added.text()).toBe(true);
      }),
    );
  }
  await signIn(page, coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/, SLOW);
  await page.goto('/schools/class-sign-in');
  await page.getByRole('radio', { name: 'Students I pick' }).check(SLOW);
  const students = page.getByRole('group', { name: 'Students' });
  await expect(students.getByText('Showing 50 of 120 students')).toBeVisible(SLOW);
  await expect(students.getByRole('checkbox')).toHaveCount(50);
  await students.getByRole('button', { name: 'Show more' }).click();
  await expect(students.getByText('Showing 100 of 120 students')).toBeVisible(SLOW);
  // The keyboard goes on from the first new student.
  await expect(students.getByRole('checkbox', { name: 'Kid 047 Homeroom K-3' })).toBeFocused();
  await page.getByRole('searchbox', { name: 'Search students by name' }).fill('kid 116');
  await expect(students.getByRole('checkbox')).toHaveCount(1, SLOW);
  await students.getByRole('checkbox', { name: 'Kid 116 Homeroom K-3' }).check();
  await expect(page.getByTestId('chosen-count')).toHaveText('1 student chosen');
});

test.describe('in Spanish', () => {
  test('the choice, the search and the open code say it in Spanish', async ({
    page,
    request,
  }, testInfo) => {
    const coordinator = await schoolOfFour(request);
    await setLanguage(request, coordinator, 'es');
    await signIn(page, coordinator.email);
    await expect(page).toHaveURL(/\/dashboard$/, SLOW);
    await page.goto('/schools/class-sign-in');
    const choice = page.getByRole('group', { name: 'Abrir el inicio de sesión de clase para' });
    await expect(choice.getByRole('radio', { name: 'Un salón' })).toBeChecked(SLOW);
    await choice.getByRole('radio', { name: 'Estudiantes que elijo' }).check();
    const students = page.getByRole('group', { name: 'Estudiantes' });
    await expect(students.getByText('Mostrando 4 de 4 estudiantes')).toBeVisible(SLOW);
    await expect(page.getByTestId('chosen-count')).toHaveText('Ningún estudiante elegido');
    await page.getByRole('searchbox', { name: 'Buscar estudiantes por nombre' }).fill('cleo');
    await students.getByRole('checkbox', { name: 'Cleo Rivera Salón K-2' }).check();
    await expect(page.getByTestId('chosen-count')).toHaveText('1 estudiante elegido');
    await expect(page.getByRole('button', { name: 'Borrar la selección' })).toBeVisible();
    await expectNoAxeViolations(page);
    await attachAtBothWidths(page, testInfo, 'staff-pick-students-es');
    await page.getByRole('button', { name: 'Abrir el inicio de sesión de clase' }).click();
    await expect(
      page.getByRole('heading', { name: 'Inicio de sesión de clase: 1 estudiante' }),
    ).toBeVisible(SLOW);
  });
});
