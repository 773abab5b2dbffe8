import { type BrowserContext, test as base, expect } from '@playwright/test';

/** What a page reported through a `securitypolicyviolation` event. */
export interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
  page: string;
}

const REPORT_BINDING = '__wellbankReportCspViolation';

/**
 * Collects every Content-Security-Policy violation any page of `context` reports: an init script
 * (it runs before the page's own scripts) listens for the event and hands each to the test.
 */
export async function collectCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await context.exposeBinding(REPORT_BINDING, (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (violation: CspViolation) => void>)[
        binding
      ];
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        sample: event.sample,
        page: document.location.pathname,
      });
    });
  }, REPORT_BINDING);
  return violations;
}

/**
 * The `test` every spec uses (lint forbids @playwright/test's own in specs): the browser runs
 * with the server's real CSP, and a test fails on any violation, so a change that needs the
 * policy widened (an inline script, a new origin) is caught here, not by a user's blank page.
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations = await collectCspViolations(context);
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
