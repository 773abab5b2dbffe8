// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../../../..');
const LINGUI = join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js');

/** Runs `lingui check <args>` on lingui.config.ts's catalogs (the web's and the domain's). */
function linguiCheck(...args: string[]) {
  const run = spawnSync(
    process.execPath,
    [LINGUI, 'check', ...args, '--workers', '1', '--verbose'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  return { passed: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

describe('message catalogs (issue 17, decision 0033)', () => {
  it('are what `npm run i18n:extract` writes for the code as it is', { timeout: 60_000 }, () => {
    const { passed, output } = linguiCheck('sync', '--clean');
    expect(passed, `${output}\nRun npm run i18n:extract and translate the new entries.`).toBe(true);
  });

  it('have a Spanish translation for every message', { timeout: 60_000 }, () => {
    const { passed, output } = linguiCheck('missing', '--mode', 'catalog', '--locale', 'es');
    expect(passed, output).toBe(true);
  });
});
