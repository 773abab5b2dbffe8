import { addDays, localDate } from '@wellbank/domain';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  counterValue,
  expectTouchTarget,
  face,
  signInStudentOfPaidSchool,
} from './support/daily-logging.ts';
import { logActivity } from './support/school-life.ts';
import { expect, test } from './support/test.ts';

test('counters are labelled buttons of at least 44 px that work from the keyboard, announce the new value and never go below 0', async ({
  page,
  request,
}) => {
  await signInStudentOfPaidSchool(page, request);
  await page.goto('/activities/food');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Food/Substance $0.00');
  const status = page.getByRole('status');

  for (const label of ['Green foods', 'Yellow foods', 'Red foods and substances']) {
    await expectTouchTarget(page.getByRole('button', { name: `Add 1 to ${label}` }));
    await expectTouchTarget(page.getByRole('button', { name: `Remove 1 from ${label}` }));
  }

  const addGreen = page.getByRole('button', { name: 'Add 1 to Green foods' });
  await addGreen.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(counterValue(page, 'Green foods')).toHaveValue('2');
  await expect(status).toHaveText('Green foods 2. Total $0.50.');
  await expect(heading).toHaveText('Food/Substance $0.50');

  // On to the yellow counter's minus button, its typed value, then its plus.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(counterValue(page, 'Yellow foods')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add 1 to Yellow foods' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Yellow foods 1. Total $0.25.');

  // At 0 the minus button says it is unavailable, keeps the focus, and changes nothing.
  const removeRed = page.getByRole('button', { name: 'Remove 1 from Red foods and substances' });
  await expect(removeRed).toHaveAttribute('aria-disabled', 'true');
  await removeRed.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await removeRed.click({ force: true }); // a finger taps it whatever its state says
  await expect(removeRed).toBeFocused();
  await expect(counterValue(page, 'Red foods and substances')).toHaveValue('0');
  await expect(heading).toHaveText('Food/Substance $0.25');
  await expect(status).toHaveText('Yellow foods 1. Total $0.25.');

  // A duration counts down by its step and refuses a step that would go below 0.
  await page.goto('/activities/rest');
  const addRest = page.getByRole('button', { name: 'Add 2 minutes to Rest or mindfulness' });
  const removeRest = page.getByRole('button', {
    name: 'Remove 2 minutes from Rest or mindfulness',
  });
  await addRest.click();
  await expect(counterValue(page, 'Rest or mindfulness')).toHaveText('0:02');
  await expect(page.getByRole('status')).toHaveText('Rest or mindfulness 0:02. Total $0.25.');
  await removeRest.click();
  await expect(removeRest).toHaveAttribute('aria-disabled', 'true');
  await removeRest.click({ force: true });
  await expect(counterValue(page, 'Rest or mindfulness')).toHaveText('0:00');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rest/Mindfulness $0.00');
});

test('stress faces are radio buttons with big targets, chosen with the arrow keys and announced', async ({
  page,
  request,
}) => {
  await signInStudentOfPaidSchool(page, request);
  await page.goto('/stress/people');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Social');
  const ratings = page.getByRole('radio');
  await expect(ratings).toHaveCount(5);
  const names = [
    '1, no stress',
    '2, a little stress',
    '3, some stress',
    '4, a lot of stress',
    '5, very stressed',
  ];
  for (const [index, name] of names.entries()) {
    await expect(ratings.nth(index)).toHaveAccessibleName(name);
    await expect(ratings.nth(index)).not.toBeChecked();
    await expectTouchTarget(face(page, name));
  }

  await ratings.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '2, a little stress' })).toBeChecked();
  await expect(page.getByRole('status')).toHaveText(
    'Social: 2 of 5, a little stress, -$0.25. Stress total -$0.25.',
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4, a lot of stress' })).toBeChecked();
  await expect(page.getByRole('status')).toHaveText(
    'Social: 4 of 5, a lot of stress, -$0.75. Stress total -$0.75.',
  );
  await expect(page.getByRole('radio', { name: '2, a little stress' })).not.toBeChecked();
});

test('a stress category not rated yet reads "Not rated" on the dashboard, not "0 of 5"', async ({
  page,
  request,
}) => {
  const student = await signInStudentOfPaidSchool(page, request);
  await logActivity(request, student, {
    type: 'stress',
    values: { people: 2, money: 0, personal: 0, clock: 0, health: 0 },
  });
  await page.reload();
  const stress = page.getByRole('region', { name: 'Stress', exact: true });
  await expect(stress).toContainText('Social2 of 5');
  await expect(stress).toContainText('FinancialNot rated');
  await expect(stress).not.toContainText('0 of 5');
});

test('"Use savings" when the exercise already earns the most asks before spending the piggy bank', async ({
  page,
  request,
}) => {
  const student = await signInStudentOfPaidSchool(page, request);
  const yesterday = addDays(localDate(new Date(), 'America/Denver'), -1);
  // $8 of exercise yesterday saved a piggy bank; today's 24 minutes already earn the $6 most.
  await logActivity(request, student, {
    type: 'fitness',
    values: { vigorous_duration: 32 },
    date: yesterday,
  });
  await logActivity(request, student, { type: 'fitness', values: { vigorous_duration: 24 } });
  await page.goto('/activities/fitness');
  await expect(page.getByText('You have 1 saved workout.')).toBeVisible();

  await page.getByRole('button', { name: 'Use savings' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Keep your savings for another day?' });
  await expect(ask).toContainText(
    'Your exercise already earns the most a day can: $6.00. A saved workout adds nothing today.',
  );
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Keep my savings' }).click();
  await expect(page.getByText('You have 1 saved workout.')).toBeVisible();

  await page.getByRole('button', { name: 'Use savings' }).click();
  await ask.getByRole('button', { name: 'Use it anyway' }).click();
  await expect(page.getByText('You are using a saved workout today.')).toBeVisible();
});

test('/activities and /stress without a page, or with an unknown one, lead to the dashboard', async ({
  page,
  request,
}) => {
  await signInStudentOfPaidSchool(page, request);
  for (const path of [
    '/activities',
    '/activities/',
    '/activities/naps',
    '/stress',
    '/stress/exams',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Wellbank Account', level: 1 })).toBeVisible();
  }
});
