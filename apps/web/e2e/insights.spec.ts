import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { INSIGHTS_MESSAGES } from '@wellbank/domain';
import { createSchool, joinSchoolAsStudent, paySubscription, signIn } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { logActivity } from './support/school-life.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/** Issue 16 §4 and §8: the school insights page, and the demo school's sign-ins. */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function schoolWithStudents(request: APIRequestContext, count: number) {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const students = [];
  for (let i = 0; i < count; i++) {
    const student = await joinSchoolAsStudent(request, school.coordinator.school.id, `Kid${i}`);
    await logActivity(request, student, { type: 'sleep', values: { minutes: 480 } });
    await logActivity(request, student, { type: 'water', values: { cups: 2 + (i % 4) } });
    students.push(student);
  }
  return { ...school, students };
}

/** Each chart's table behind its "Show as table", with a caption and headers. */
async function expectTables(page: Page) {
  for (const [section, caption] of [
    ['Participation', 'Participation by day'],
    ['Weekly averages', 'Weekly averages, in dollars'],
    ['Colour of the days', 'Days logged each week by colour'],
  ]) {
    const card = page.getByRole('region', { name: section });
    await card.getByText('Show as table').click();
    const table = card.getByRole('table', { name: caption });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader').first()).toBeVisible();
  }
}

test('a coordinator reads the insights of 11 students: charts and their tables', async ({
  page,
  request,
}) => {
  const school = await schoolWithStudents(request, 11);
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'School insights' }).click();

  await expect(page.getByRole('heading', { name: 'School insights', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Your 11 students over the last four weeks whose days can no longer change'),
  ).toBeVisible();
  const participation = page.getByRole('region', { name: 'Participation' });
  await expect(participation.locator('svg')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Weekly averages' }).locator('svg')).toHaveCount(8);
  await expectNoAxeViolations(page);

  await expectTables(page);
  // Today's days are not in it: only whole weeks whose days can no longer change (decision
  // 0043), and these students logged only today. The demo's test below shows figures.
  const days = page.getByRole('table', { name: 'Participation by day' });
  await expect(days.getByRole('row').last()).toContainText('0%');
  const weeks = page.getByRole('table', { name: 'Weekly averages, in dollars' });
  await expect(weeks.getByRole('row').last()).toContainText(INSIGHTS_MESSAGES.notEnoughStudents);
  await expect(weeks.getByRole('columnheader', { name: 'Energy' })).toBeVisible();
  // No stress figure, whatever the group's size (decision 0032).
  await expect(weeks.getByRole('columnheader')).toHaveCount(10);
  await expect(weeks.getByRole('columnheader', { name: 'Stress' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a school of 9 students sees "Not enough students to show"; its students cannot open the page', async ({
  page,
  request,
}) => {
  const school = await schoolWithStudents(request, 9);
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/insights');
  await expect(page.getByText(INSIGHTS_MESSAGES.notEnoughStudents)).toBeVisible();
  await expect(page.locator('svg[role="presentation"]')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.evaluate(() => localStorage.clear());
  await signIn(page, school.students[0]?.email ?? '');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/insights');
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** `npm run demo`'s script on its own port, until it prints the sign-ins. */
async function startDemo(port: number): Promise<{ demo: ChildProcess; output: () => string }> {
  const demo = spawn(process.execPath, ['scripts/demo/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  demo.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  demo.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    await expect.poll(() => output, { timeout: 150_000, intervals: [1000] }).toContain('DATA_DIR');
  } catch (error) {
    demo.kill('SIGINT');
    throw error;
  }
  return { demo, output: () => output };
}

test('npm run demo: its printed sign-ins work and the coordinator sees three weeks of insights', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const port = Number(process.env.E2E_PORT ?? 3100) + 5;
  const { demo, output } = await startDemo(port);
  try {
    const origin = `http://localhost:${port}`;
    const printed = (role: string) =>
      new RegExp(`${role}\\s+(\\S+@\\S+)`).exec(output())?.[1] ?? '';
    const password = /password\s+(\S+)/.exec(output())?.[1] ?? '';
    for (const role of ['student', 'staff', 'family', 'coordinator']) {
      await page.goto(`${origin}/login`);
      await page.getByLabel('Email').fill(printed(role));
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page, role).toHaveURL(/\/dashboard$/);
      if (role !== 'coordinator') {
        await page.evaluate(() => localStorage.clear());
      }
    }
    await page.goto(`${origin}/schools/insights`);
    await expect(
      page.getByText('Your 60 students over the last four weeks whose days can no longer change'),
    ).toBeVisible();
    // Three weeks of history: the closed ones show figures.
    await page.getByRole('region', { name: 'Weekly averages' }).getByText('Show as table').click();
    await expect(
      page.getByRole('table', { name: 'Weekly averages, in dollars' }).getByText(/\$\d/).first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Participation' }).locator('svg')).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'insights');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('region', { name: 'Participation' }).locator('svg')).toBeVisible();
    await saveScreenshot(page, 'insights-desktop');
    await expectNoAxeViolations(page);
  } finally {
    demo.kill('SIGINT');
  }
});
