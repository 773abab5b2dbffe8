import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The rule sets of WCAG 2.2 levels A and AA (2.0, 2.1 and 2.2's own additions). */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One line per failing element: rule, impact, what is wrong, where, and how to fix it. */
function describeViolations(violations: readonly Violation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) =>
      [
        `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}`,
        `  at ${node.target.join(' ')}: ${node.html}`,
        `  ${(node.failureSummary ?? '').replaceAll('\n', '\n  ')}`,
        `  ${violation.helpUrl}`,
      ].join('\n'),
    ),
  );
}

/** Runs axe-core on the whole document as it is now and expects no WCAG 2.2 A/AA violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(describeViolations(violations), `axe violations on ${page.url()}`).toEqual([]);
}
