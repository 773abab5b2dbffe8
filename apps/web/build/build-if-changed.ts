/**
 * `npm start`'s first step: builds the web app only when its sources changed since the last
 * build (sources-hash.ts), so restarting the server does not wait for a rebuild.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { builtFromHash, webSourcesHash } from './sources-hash.ts';

const WEB_DIR = join(import.meta.dirname, '..');
const ROOT = join(WEB_DIR, '../..');

if (builtFromHash(join(WEB_DIR, 'dist')) === webSourcesHash(ROOT, process.env)) {
  console.log('Web app already built from these sources: not rebuilding.');
} else {
  const build = spawnSync('npm', ['run', 'build'], { cwd: WEB_DIR, stdio: 'inherit' });
  process.exitCode = build.status ?? 1;
}
