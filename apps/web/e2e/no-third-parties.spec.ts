import type { Page, Request } from '@playwright/test';
import { createSchool, paySubscription } from './support/accounts.ts';
import { expectPageReady, PUBLIC_PAGES, SIGNED_IN_PAGES } from './support/page-catalogue.ts';
import { signInThroughStorage } from './support/session-state.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue #13: the web app loads nothing from a third party (no fonts, analytics or CDNs), so the
 * privacy policy can say so. Every request of every page, public and signed in, goes to the
 * page's own origin. (Sentry would be the one exception, and only with VITE_SENTRY_DSN set,
 * which these builds never have.)
 */
function foreignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.context().on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== origin) foreign.push(`${request.resourceType()} ${request.url()}`);
  });
  return foreign;
}

test('no page requests anything from another origin, signed in or not', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL ?? '').origin;
  const foreign = foreignRequests(page, origin);
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const visit = async (path: string) => {
    await page.goto(path);
    await expectPageReady(page);
    // Images, icons and fonts load lazily: wait until the page has asked for everything.
    await page.waitForLoadState('networkidle');
  };

  for (const each of PUBLIC_PAGES) await visit(each.path(school));
  await signInThroughStorage(page, request, school.coordinator.email);
  for (const each of SIGNED_IN_PAGES) await visit(each.path(school));

  expect(foreign).toEqual([]);
});
