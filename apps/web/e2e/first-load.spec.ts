import type { Response } from '@playwright/test';
import { createSchool, joinSchoolAsStudent, paySubscription } from './support/accounts.ts';
import { signInThroughStorage } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

/**
 * index.html sends a signed-in visit's first GETs before the app's code has arrived, and the app
 * must use those answers: the lazy QueryLayout once made a new query client, and sent the GETs
 * again, each time its first render suspended (three rounds), and the page waited for the last.
 */
test("a cold /dashboard asks the server for the frame's data once", async ({ page, request }) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const student = await joinSchoolAsStudent(request, school.coordinator.school.id);
  await signInThroughStorage(page, request, student.email);
  const gets: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'GET') gets.push(new URL(sent.url()).pathname);
  });

  await page.goto('/dashboard');
  await expect(page.getByTestId('today-balance')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const count = (path: string) => gets.filter((sentPath) => sentPath === path).length;
  expect(count('/api/v1/activities')).toBe(1);
  expect(count(`/api/v1/users/${student.id}`)).toBe(1);
});

/**
 * Decision 0048: the offline layer runs after every signed-in page's first paint, and on a phone
 * evaluating zod (22 kB gzip of form validation) there cost ~20 ms of blocking main thread. It
 * shows queued writes with the domain's zod-free `toActivity`.
 */
test('a signed-in /dashboard and its offline layer download no zod', async ({ page, request }) => {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  await signInThroughStorage(page, request, school.coordinator.email);
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });

  await page.goto('/dashboard');
  await expect(page.getByTestId('today-balance')).toBeVisible();
  await expect
    .poll(() => scripts.some((response) => /\/signed-in-offline-[\w-]+\.js$/.test(response.url())))
    .toBe(true);
  await page.waitForLoadState('networkidle');

  const withZod = [];
  for (const response of scripts) {
    if ((await response.text()).includes('ZodObject')) withZod.push(response.url());
  }
  expect(withZod).toEqual([]);
});
