import { type ChildProcess, spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** proper-lockfile's `stale` in db/data-dir-lock.ts: how long a dead server's lock still holds. */
export const LOCK_STALE_MS = 10_000;

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** A free loopback port, released again just before the server takes it. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The real server as `npm start -w @wellbank/api` runs it (tsx on src/server.ts), minus npm and
 * the web build, in a child process this test can SIGKILL. Its environment is only what it needs
 * plus `env`, so nothing of the test runner (a DATABASE_URL, say) can reach it: without `env` it
 * runs on PGlite.
 */
export function startServer(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
}): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
      // No index.html there: the API alone, as before a build.
      WEB_DIST_DIR: options.dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, baseUrl: `http://127.0.0.1:${options.port}`, output: () => output, exited };
}

/** Resolves once the server answers; throws with its output if it exits first. */
export async function waitUntilListening(server: ServerProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`server exited with ${exitCode} before listening:\n${server.output()}`);
    }
    const answered = await fetch(`${server.baseUrl}/api/v1/subscriptions`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await sleep(100);
  }
  throw new Error(`server not listening after ${timeoutMs} ms:\n${server.output()}`);
}

/** Its exit code, or an error with its output when it is still running after `timeoutMs`. */
export async function exitCodeOf(server: ServerProcess, timeoutMs = 60_000) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still running after ${timeoutMs} ms:\n${server.output()}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * After a crash the lock stays until it is stale: proper-lockfile refreshes its mtime every
 * LOCK_STALE_MS / 2 while the server runs, and takes it over once it is older than LOCK_STALE_MS.
 */
export async function waitForStaleLock(dataDir: string): Promise<number> {
  const { mtimeMs } = await stat(join(dataDir, 'server.lock'));
  const waitMs = Math.max(0, mtimeMs + LOCK_STALE_MS + 250 - Date.now());
  await sleep(waitMs);
  return waitMs;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
