import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  name: string;
  pid: number;
  /** `http://127.0.0.1:<port>`: load goes to loopback only. */
  origin: string;
  rssBytes(): number;
  /** CPU time (user + system) the process has used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 90_000;
/** Long enough for a server to write a CPU profile of a whole run when it exits. */
const STOP_TIMEOUT_MS = 60_000;

/** A free loopback port (the OS picks one; it is released before the server takes it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/**
 * Starts a TypeScript server as its own Node process (`node <script>`, as `npm start` runs the
 * API, Node stripping the types), so its memory can be read from /proc. Its output
 * goes to `logFile`, as a production server's goes to a log collector. Resolves once it answers
 * HTTP on `readyPath`.
 */
export async function startServer(options: {
  name: string;
  script: string;
  env: Record<string, string | undefined>;
  logFile: string;
  readyPath: string;
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const port = await freePort();
  const log = openSync(options.logFile, 'a');
  // A variable set to undefined in `options.env` is removed (e.g. DATABASE_URL for PGlite).
  const env = Object.entries({ ...process.env, ...options.env, PORT: String(port) }).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script], {
    cwd: ROOT,
    env: Object.fromEntries(env),
    stdio: ['ignore', log, log],
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await waitUntilReady({ child, url: `${origin}${options.readyPath}`, logFile: options.logFile });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name} has no pid`);
  return {
    name: options.name,
    pid,
    origin,
    rssBytes: () => readRss(pid),
    cpuSeconds: () => readCpuSeconds(pid),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const result = await Promise.race([exited, sleep(STOP_TIMEOUT_MS, 'timeout' as const)]);
      if (result !== 'timeout') return;
      console.error(`  ${options.name} did not stop within ${STOP_TIMEOUT_MS} ms: killed`);
      child.kill('SIGKILL');
    },
  };
}

async function waitUntilReady(options: { child: ChildProcess; url: string; logFile: string }) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (options.child.exitCode !== null) {
      throw new Error(`server exited (${options.child.exitCode}):\n${tail(options.logFile)}`);
    }
    try {
      const response = await fetch(options.url, { signal: AbortSignal.timeout(2000) });
      // Read to the end: an unread body keeps the connection busy, and the server's close waits.
      await response.arrayBuffer();
      return;
    } catch {
      await sleep(200);
    }
  }
  options.child.kill('SIGKILL');
  throw new Error(`server not ready after ${READY_TIMEOUT_MS} ms:\n${tail(options.logFile)}`);
}

function tail(file: string): string {
  return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
}

/** Resident set size from /proc (Linux), in bytes. */
function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kilobytes) * 1024;
}

/** utime + stime from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s). */
export function readCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Samples a process's RSS every `intervalMs` until stopped; answers the peak and the mean. */
export function sampleRss(server: ServerProcess, intervalMs = 250) {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(server.rssBytes()), intervalMs);
  return () => {
    clearInterval(timer);
    if (samples.length === 0) samples.push(server.rssBytes());
    return {
      peak: Math.max(...samples),
      mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
    };
  };
}
