import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/test-env.ts';
import {
  exitCodeOf,
  freePort,
  type ServerProcess,
  startServer,
  waitUntilListening,
} from './server-process.ts';

/**
 * Decision 0009: SIGTERM ends the real server in bounded time whatever its log destination does.
 * A test harness that pipes `npm start`'s output, sends SIGTERM and exits left servers running
 * forever: pino's exit handler retried a buffered line on EPIPE every 100 ms.
 */
const SHUTDOWN_TIMEOUT_MS = 3_000;
/** The shutdown deadline, the last log flush, and a margin for a busy machine. */
const EXIT_WITHIN_MS = SHUTDOWN_TIMEOUT_MS + 500 + 2_000;

const started: ServerProcess[] = [];
let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wellbank-shutdown-'));
});
afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function launch(env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = startServer({
    dataDir,
    port: await freePort(),
    env: { LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), ...env },
  });
  started.push(server);
  return server;
}

/** Requests whose log lines wait in the server's buffer; each line holds the path it asked. */
async function makeLogLines(server: ServerProcess, count: number, path = '/api/v1/subscriptions') {
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${server.baseUrl}${path}`);
    await response.arrayBuffer();
  }
}

// PGlite only, like crash-recovery: the server runs on its own DATA_DIR whatever the run's database.
describe.skipIf(testDatabaseUrl())('SIGTERM to the real server', () => {
  it('exits 0 in bounded time when the reader of its stdout has gone away', async () => {
    const server = await launch();
    await waitUntilListening(server);
    await makeLogLines(server, 5);
    server.child.stdout?.destroy();
    server.child.kill('SIGTERM');
    expect(await exitCodeOf(server, EXIT_WITHIN_MS)).toBe(0);
  }, 90_000);

  it('keeps answering while its stdout reader stops reading, and still exits in bounded time', async () => {
    const server = await launch();
    await waitUntilListening(server);
    server.child.stdout?.pause();
    // 4 KB log lines, 2 MB in all: well past what the pipe (a socket pair) holds.
    const startedAt = performance.now();
    await makeLogLines(server, 500, `/api/v1/${'x'.repeat(4096)}`);
    expect(performance.now() - startedAt).toBeLessThan(30_000);
    server.child.kill('SIGTERM');
    expect(await exitCodeOf(server, EXIT_WITHIN_MS)).toBe(0);
  }, 120_000);

  it('exits 1 with one clear line when the configuration is invalid', async () => {
    const server = await launch({ SHUTDOWN_TIMEOUT_MS: 'soon' });
    expect(await exitCodeOf(server)).toBe(1);
    expect(server.output().trim().split('\n')).toEqual([
      'Invalid environment: SHUTDOWN_TIMEOUT_MS: must be a number of milliseconds from 100 to 600000',
    ]);
  }, 60_000);
});
