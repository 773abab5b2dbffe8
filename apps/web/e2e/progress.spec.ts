import { addDays, daysBetween, localDate } from '@wellbank/domain';
import { createSchool, joinSchoolAsStudent, paySubscription, signIn } from './support/accounts.ts';
import { logWater } from './support/school-life.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

test("a student sees the interval's progress, the last 14 days and the previous week", async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Nora');
  await logWater(request, student, 6); // $3.00 today: 30 points, a dark green day

  await signIn(page, student.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/progress');

  await expect(page.getByRole('heading', { name: 'Wellbank Account', level: 1 })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Overall progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '30');
  await expect(bar).toHaveAttribute('aria-valuemax', '1000');
  await expect(bar).toHaveAttribute('aria-valuetext', '30 of 1,000 points (3%)');
  await expect(page.getByText('30 / 1,000 points')).toBeVisible();

  // The first interval ends 120 days after the school's sign-up day; the browser is in Denver too.
  const today = localDate(new Date(), 'America/Denver');
  const end = addDays(today, 120);
  const figures = page.getByRole('definition');
  await expect(page.getByRole('term').first()).toHaveText('Points remaining');
  await expect(figures.first()).toHaveText('970');
  await expect(page.getByRole('term').nth(1)).toHaveText('Days remaining');
  await expect(figures.nth(1)).toHaveText(String(daysBetween(today, end)));

  await expect(page.getByRole('heading', { name: 'Last 14 days' })).toBeVisible();
  await page.getByText('Show as a table').click();
  const chartTable = page.getByRole('table', { name: 'Daily balance, last 14 days' });
  await expect(chartTable.getByRole('row')).toHaveCount(15);
  await expect(chartTable.getByRole('row').last()).toContainText('$3.00');
  // The dashboard's word for the colour, not "dark green" (one set of names: the domain's).
  await expect(chartTable.getByRole('row').last().getByRole('cell').last()).toHaveText('green');
  await expect(page.getByRole('link', { name: /: \$3\.00, green$/ })).toBeVisible();
  await chartTable.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'progress-table');
  await expect(chartTable.getByRole('row').nth(1)).toContainText('Nothing logged');

  const week = page.getByRole('region', { name: 'Previous Week' });
  await expect(week.getByRole('heading', { name: 'Daily balances' })).toBeVisible();
  await expect(week.getByRole('heading', { name: 'Food levels' })).toBeVisible();
  await expect(week.getByRole('listitem')).toHaveText([
    'Green0 days',
    'Yellow0 days',
    'Red0 days',
    'Green0 days',
    'Yellow0 days',
    'Red0 days',
  ]);
  await expect(week.getByRole('definition')).toHaveText(['0', '$0.00']);
  await expect(week.getByRole('term')).toHaveText(['Days banked', 'Weekly balance']);
});
