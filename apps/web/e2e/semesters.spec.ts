import { addDays, INTERVAL_MESSAGES, isoToUsDate, localDate } from '@wellbank/domain';
import { createSchool, paySubscription, signIn } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

test('the coordinator creates an interval and makes it the active one', async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/semesters');

  await expect(page.getByRole('heading', { name: 'Schedule interval settings' })).toBeVisible();
  await expect(
    page.getByText(/An interval is a date range for which points are computed/),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Intervals' });
  for (const name of ['Start', 'End', 'Points', 'Active']) {
    await expect(table.getByRole('columnheader', { name })).toBeVisible();
  }
  // Sign-up made a first interval from today, active, worth 1000 points.
  const today = localDate(new Date(), 'America/Denver');
  const first = `${isoToUsDate(today)} to ${isoToUsDate(addDays(today, 120))}`;
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('switch', { name: `Active: ${first}` })).toBeChecked();
  await expect(table.getByRole('cell', { name: '1,000' })).toBeVisible();

  // SPEC.md §5: with a field empty, Create does nothing and shows no message.
  const create = page.getByRole('button', { name: 'Create' });
  await page.getByLabel('Start date').fill('01/05/2025');
  await page.getByLabel('Points needed').fill('750');
  await create.click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(2);

  await page.getByLabel('End date').fill('02/30/2025');
  await create.click();
  await expect(page.getByText('End date must be a date (mm/dd/yyyy)')).toBeVisible();
  await expect(page.getByLabel('End date')).toBeFocused();
  await page.getByLabel('End date').fill('01/04/2025');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await create.click();
  await expect(page.getByText('End date must be after the start date')).toBeVisible();

  await page.getByLabel('End date').fill('03/31/2025');
  await create.click();
  await expect(page.getByRole('status')).toHaveText('Interval created.');
  await expect(page.getByLabel('Start date')).toHaveValue('');
  await expect(table.getByRole('row')).toHaveCount(3);
  const second = table.getByRole('switch', { name: 'Active: 01/05/2025 to 03/31/2025' });
  await expect(second).not.toBeChecked();
  await expect(table.getByRole('cell', { name: '750' })).toBeVisible();

  // One active interval per school: switching the new one on switches the first off.
  await second.click();
  await expect(second).toBeChecked();
  await expect(table.getByRole('switch', { name: `Active: ${first}` })).not.toBeChecked();
  await page.reload();
  await expect(
    page.getByRole('switch', { name: 'Active: 01/05/2025 to 03/31/2025' }),
  ).toBeChecked();
  await expect(page.getByRole('switch', { name: `Active: ${first}` })).not.toBeChecked();

  // Switching the active one off asks first (everyone's points show 0), then leaves none active.
  const active = page.getByRole('switch', { name: 'Active: 01/05/2025 to 03/31/2025' });
  await active.click();
  const ask = page.getByRole('alertdialog', { name: 'Turn off the active interval?' });
  await expect(ask).toContainText(
    INTERVAL_MESSAGES.confirmTurnOff({ start_date: '2025-01-05', end_date: '2025-03-31' }),
  );
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(active).toBeChecked();
  await active.click();
  await ask.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('switch', { checked: true })).toHaveCount(0);
});
