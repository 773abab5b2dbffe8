// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { untranslatedTexts } from './untranslated-text';

const SRC = fileURLToPath(new URL('../..', import.meta.url));

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('user-facing texts in the web app (issue 17, decision 0033)', () => {
  it('are Lingui messages in every file', () => {
    const findings = tsxFiles(SRC)
      .map((path) => relative(SRC, path).split(sep).join('/'))
      .flatMap((path) => untranslatedTexts(path, readFileSync(join(SRC, path), 'utf8')));
    expect(findings.map(({ file, line, text }) => `${file}:${line} ${text}`)).toEqual([]);
  });

  const FIXTURE = `
    import { Trans, useLingui } from '@lingui/react/macro';
    export function Page({ done }: { done: boolean }) {
      const { t } = useLingui();
      return (
        <main aria-label="Main area" className="flex gap-2">
          <h1>Welcome back!</h1>
          <p><Trans>Read the <a href="/p">policy</a></Trans></p>
          <input placeholder={t\`Search\`} title={done ? 'Done' : t\`Open\`} />
          <img alt="" src="/x.png" />
          {done && 'Saved'}
          <span>Wellbank</span>
          <span>{' · '}</span>
        </main>
      );
    }`;

  it('finds a raw text in a converted folder', () => {
    const found = untranslatedTexts('features/auth/pages/fixture.tsx', FIXTURE);
    expect(found.map(({ line, text }) => [line, text])).toEqual([
      [6, 'Main area'],
      [7, 'Welcome back!'],
      [9, 'Done'],
      [11, 'Saved'],
    ]);
  });
});
