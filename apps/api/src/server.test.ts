import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './resilience/server-process.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const LISTENING = /Wellbank listening on .* on Node (\d+)\.\d+\.\d+/;

let dataDir = '';
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The PATH of a shell outside npm, whose first `node` may be the machine's own (Debian's is 20). */
function shellPath(): string {
  const binDir = `${sep}node_modules${sep}.bin`;
  const dirs = (process.env.PATH ?? '').split(delimiter);
  return dirs.filter((dir) => !dir.endsWith(binDir)).join(delimiter);
}

// A new DATA_DIR: PGlite creates its cluster first, which takes a while on a busy machine.
describe('npm start', { timeout: 90_000 }, () => {
  it('runs the server on Node 24 or later, whichever node the shell would find, and the retention run at start', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wellbank-runtime-'));
    const server = spawn('npm', ['run', 'start', '-w', '@wellbank/api'], {
      cwd: ROOT,
      detached: true,
      env: {
        PATH: shellPath(),
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        // No index.html there: the API alone, without a web build.
        WEB_DIST_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    try {
      const deadline = Date.now() + 60_000;
      while (!LISTENING.test(output) && server.exitCode === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const major = Number(LISTENING.exec(output)?.[1]);
      expect(major, output).toBeGreaterThanOrEqual(24);
      // No APP_URL and no Stripe key: a development server, and its start line says what pays.
      expect(output).toMatch(/listening on .*the test checkout is ON/);
      // The retention schedule also runs at start (decision 0023), logged with its counts.
      const ran = /"retention":\{[^}]*"inactiveAccountsDeleted":0\},"msg":"retention run"/;
      while (!ran.test(output) && server.exitCode === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toMatch(ran);
    } finally {
      // npm, its shell and the server: the whole group.
      if (server.pid !== undefined && server.exitCode === null) {
        process.kill(-server.pid, 'SIGTERM');
      }
      await exited;
    }
  });
});
