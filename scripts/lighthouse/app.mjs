import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = join(import.meta.dirname, '../..');
const PASSWORD = 'lighthouse-pass-1';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(origin, server) {
  for (let waited = 0; waited < 120_000; waited += 500) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ready = await fetch(`${origin}/api/v1/openapi.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await sleep(500);
  }
  throw new Error(`${origin} did not answer within 2 minutes`);
}

/**
 * Ends a process group and waits until none of it is left: npm exits before the server it
 * started, and the caller then deletes the data directory the server still holds a lock in.
 */
async function stopGroup(pid) {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let waited = 0; ; waited += 100) {
    try {
      process.kill(-pid, waited < 10_000 ? 0 : 'SIGKILL');
    } catch {
      return;
    }
    await sleep(100);
  }
}

/**
 * Builds the web app into `dataDir` and serves it with the API on a free port, as `npm start`
 * does. `stop()` ends the server's process group (npm → node).
 */
export async function startApp(dataDir) {
  const webDist = join(dataDir, 'web-dist');
  execFileSync('npm', ['run', 'build', '-w', '@wellbank/web', '--', '--outDir', webDist], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = spawn('npm', ['run', 'start', '-w', '@wellbank/api'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: join(dataDir, 'data'),
      WEB_DIST_DIR: webDist,
      APP_URL: origin,
      LOG_LEVEL: 'warn',
    },
  });
  await waitUntilServing(origin, server);
  return { origin, stop: () => stopGroup(server.pid) };
}

async function call(origin, path, { token, body }) {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Signs up a school, pays its subscription on the built-in test checkout and signs its
 * coordinator in, all through the API; returns the session the login page would store.
 */
export async function signUpPaidSchool(origin) {
  const code = randomBytes(3).toString('hex').toUpperCase();
  const email = `coordinator-${code.toLowerCase()}@example.com`;
  const { user } = await call(origin, '/signup', {
    body: {
      school: {
        name: `Lincoln Elementary ${code}`,
        code,
        time_zone: 'America/Denver',
        contact_name: 'Pat Principal',
        contact_email: `office-${code.toLowerCase()}@example.com`,
        contact_phone: '303-555-0100',
        address: '1 School Way',
        city: 'Denver',
        state: 'CO',
        zip_code: '80202',
      },
      user: {
        first_name: 'Maya',
        last_name: 'Lopez',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    },
  });
  const checkout = await call(origin, '/stripe-subscription-checkout-sessions', {
    token: user.token,
    body: { school_id: user.school.id, num_students: 101 },
  });
  await call(origin, `/local-checkout/${checkout.id}/pay`, {});
  await call(origin, `/schools/${user.school.id}/payments`, {
    token: user.token,
    body: { stripe_session_id: checkout.id },
  });
  return call(origin, '/authentication/authenticate', { body: { email, password: PASSWORD } });
}
