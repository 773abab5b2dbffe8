import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionRecord } from '@wellbank/domain';
import { bearer, schoolSignupBody, userSignupBody } from '../test/fixtures.ts';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');

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
 * The real server as `npm start -w @wellbank/api` runs it (`node src/server.ts`), minus npm and
 * the web build, in a child process this test can SIGKILL. Its environment is only what it needs,
 * so nothing of the test runner can reach it: it runs on PGlite unless `env` names a DATABASE_URL.
 */
export function startServer(options: {
  dataDir: string;
  port: number;
  /** More variables (SMTP_URL, DATABASE_URL), or other values for those below. */
  env?: Record<string, string>;
}): ServerProcess {
  const child = spawn(process.execPath, ['src/server.ts'], {
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

/** One API call over real HTTP: its status and parsed JSON body. */
export async function call<T>(
  baseUrl: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * A school signed up, paid on the built-in test checkout and joined by `students`, through the
 * real HTTP API of a running server: its coordinator first, then the students.
 */
export async function signUpPaidSchool(
  baseUrl: string,
  options: { students: number; timeZone?: string },
): Promise<SessionRecord[]> {
  const body = schoolSignupBody(options.timeZone ? { timeZone: options.timeZone } : {});
  const expectStatus = <T>(answer: { status: number; body: T }, status: number, what: string) => {
    if (answer.status !== status) {
      throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
  const { user: admin } = expectStatus(
    await call<{ user: SessionRecord }>(baseUrl, '/signup', { method: 'POST', body }),
    201,
    'school sign-up',
  );
  const checkout = expectStatus(
    await call<{ id: string }>(baseUrl, '/stripe-subscription-checkout-sessions', {
      method: 'POST',
      token: admin.token,
      body: { school_id: admin.school.id, num_students: options.students },
    }),
    201,
    'checkout',
  );
  // Paying on the test checkout records the payment on the server, as Stripe's webhook would.
  expectStatus(
    await call(baseUrl, `/local-checkout/${checkout.id}/pay`, { method: 'POST' }),
    200,
    'pay',
  );
  const people = [admin];
  for (let i = 0; i < options.students; i += 1) {
    const joined = await call<SessionRecord>(baseUrl, `/schools/${admin.school.id}/users`, {
      method: 'POST',
      body: { ...userSignupBody(), code: body.school.code },
    });
    people.push(expectStatus(joined, 201, 'join'));
  }
  return people;
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

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
