import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webSourcesHash } from './sources-hash.ts';

let root: string;

function write(path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wellbank-sources-hash-'));
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/web/dist/index.html', '<script src="/assets/main-1.js"></script>');
  write('packages/domain/src/scoring.ts', 'export const points = 1;');
  write('package-lock.json', '{"lockfileVersion":3}');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('webSourcesHash', () => {
  it('changes when a web source, a domain source, the lock file or a VITE_ variable changes', () => {
    const changes = [
      () => write('apps/web/src/main.tsx', 'render(<App />)'),
      () => write('packages/domain/src/scoring.ts', 'export const points = 2;'),
      () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}'),
      () => write('apps/web/public/favicon.svg', '<svg/>'),
    ];
    for (const change of changes) {
      const hashBefore = webSourcesHash(root, {});
      change();
      expect(webSourcesHash(root, {})).not.toBe(hashBefore);
    }
    expect(webSourcesHash(root, { VITE_SENTRY_DSN: 'https://key@sentry.example/1' })).not.toBe(
      webSourcesHash(root, {}),
    );
  });

  it('changes when a file moves with the same content', () => {
    const before = webSourcesHash(root, {});
    rmSync(join(root, 'apps/web/src/main.tsx'));
    write('apps/web/src/app.tsx', 'render()');
    expect(webSourcesHash(root, {})).not.toBe(before);
  });

  it('stays the same for build output, installed packages, browser tests and other variables', () => {
    const before = webSourcesHash(root, {});
    write('apps/web/dist/index.html', '<script src="/assets/main-2.js"></script>');
    write('apps/web/dist/.vite/sources-hash', 'abc');
    write('apps/web/node_modules/.vite/deps.json', '{}');
    write('node_modules/react/index.js', 'module.exports = {}');
    write('apps/web/e2e/login.spec.ts', 'test()');
    write('apps/api/src/server.ts', 'listen()');
    expect(webSourcesHash(root, { PORT: '3000', DATA_DIR: '/tmp/data' })).toBe(before);
  });
});
