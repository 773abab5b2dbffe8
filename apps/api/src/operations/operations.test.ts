import { MESSAGES } from '@wellbank/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDeps, buildApp, type WellbankApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { bearer, signUpSchool } from '../test/fixtures.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { untouchedDeps } from '../test/untouched-deps.ts';
import { createMetrics } from './metrics.ts';
import { DEFAULT_PRESSURE_LIMITS } from './under-pressure.ts';

const METRICS_TOKEN = 'test-metrics-token-0123456789';

let database: Database;
const apps: WellbankApp[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

/**
 * A sign-up queues its confirmation mail (decision 0044); these tests run no jobs, so a send is
 * dropped, and any other use of the queue still fails the test.
 */
function mailDroppingQueue(): JobQueue {
  return new Proxy(untouchedDeps().jobs, {
    get: (target, key, receiver) =>
      key === 'send' ? async () => {} : Reflect.get(target, key, receiver),
  });
}

const appDeps = (db = database.db): AppDeps => ({
  db,
  jobs: mailDroppingQueue(),
  appUrl: 'http://x',
});

async function appWith(deps: Partial<AppDeps> = {}, db = database.db) {
  const app = await buildApp({ ...appDeps(db), ...deps });
  apps.push(app);
  await app.ready();
  return app;
}

describe('GET /healthz and /readyz', () => {
  it('answer 200 while the process runs and the database is migrated', async () => {
    const app = await appWith();
    const alive = await app.inject({ url: '/healthz' });
    expect([alive.statusCode, alive.json()]).toEqual([200, { status: 'alive' }]);
    const ready = await app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('turns /readyz 503 when the database is closed, while /healthz stays 200', async () => {
    const closing = await openTestDatabase();
    const app = await appWith({}, closing.db);
    await closing.close();
    const ready = await app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { error: 'Not ready: database' }]);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('turns /readyz 503 while a migration of this build is not applied', async () => {
    const app = await appWith();
    const table = sql`drizzle.__drizzle_migrations`;
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      database.db,
      sql`delete from ${table} where id = (select max(id) from ${table}) returning *`,
    );
    try {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    } finally {
      await database.db.execute(
        sql`insert into ${table} (id, hash, created_at) values (${newest?.id}, ${newest?.hash}, ${newest?.created_at})`,
      );
    }
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('names every failed check, and counts one that never answers as failed', async () => {
    const app = await appWith({
      readiness: [
        { name: 'database', check: async () => {} },
        { name: 'queue', check: () => new Promise(() => {}) },
        { name: 'mail', check: async () => Promise.reject(new Error('down')) },
      ],
    });
    const ready = await app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { error: 'Not ready: queue, mail' }]);
  });

  it('leaves the probes out of the request log', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    const app = await appWith({ logger: { level: 'info', stream } });
    lines.length = 0;
    await app.inject({ url: '/healthz' });
    await app.inject({ url: '/readyz' });
    await app.inject({ url: '/api/v1/subscriptions' });
    expect(lines.map((line) => line.path)).toEqual(['/api/v1/subscriptions']);
  });
});

describe('GET /metrics', () => {
  it('answers 404 when METRICS_TOKEN is not configured', async () => {
    const app = await appWith();
    const response = await app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect([response.statusCode, response.json()]).toEqual([404, { error: MESSAGES.notFound }]);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    const app = await appWith({ metrics: metrics() });
    for (const headers of [
      {},
      bearer('wrong'),
      bearer(`${METRICS_TOKEN}x`),
      { authorization: METRICS_TOKEN },
    ]) {
      const response = await app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({ error: MESSAGES.notSignedIn });
    }
  });

  it('answers the Prometheus text: requests by route template and status, pool, event loop', async () => {
    const app = await appWith({ metrics: metrics() });
    const admin = await signUpSchool(app, { paid: false });
    await app.inject({ url: `/api/v1/users/${admin.id}`, headers: bearer(admin.token) });
    await app.inject({ url: `/api/v1/users/${admin.id + 1000}`, headers: bearer(admin.token) });
    await app.inject({ url: '/healthz' });
    const response = await app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const count = (method: string, route: string, status: number) =>
      new RegExp(
        `^http_request_duration_seconds_count\\{method="${method}",route="${route}",status_code="${status}"\\} 1$`,
        'm',
      );
    expect(text).toMatch(count('POST', '/api/v1/signup', 201));
    expect(text).toMatch(count('GET', '/api/v1/users/:id', 200));
    expect(text).toMatch(count('GET', '/api/v1/users/:id', 404));
    expect(text).not.toContain('route="/healthz"');
    expect(text).toMatch(/^wellbank_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });
});

describe('under pressure', () => {
  it('answers 503 with Retry-After, but still answers /healthz and /metrics', async () => {
    const app = await appWith({
      metrics: metrics(),
      pressure: { ...DEFAULT_PRESSURE_LIMITS, maxHeapUsedBytes: 1, sampleIntervalMs: 10 },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const url of ['/api/v1/subscriptions', '/readyz']) {
      const busy = await app.inject({ url });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('10');
      expect(busy.json()).toEqual({ error: MESSAGES.serverBusy });
    }
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const scrape = await app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(scrape.statusCode).toBe(200);
  });

  it('judges the event loop only after start-up: a slow start refuses no request', async () => {
    const limits = { ...DEFAULT_PRESSURE_LIMITS, maxEventLoopDelayMs: 20, sampleIntervalMs: 100 };
    const app = await buildApp({ ...appDeps(), pressure: limits });
    apps.push(app);
    // As opening PGlite and starting the job queue do, before the server listens.
    await holdEventLoop(500);
    await app.ready();
    expect((await app.inject({ url: '/api/v1/subscriptions' })).statusCode).not.toBe(503);

    await new Promise((resolve) => setTimeout(resolve, 2 * limits.sampleIntervalMs + 50));
    // After start-up a blocked loop is judged. Which of the delay histogram's timer and the
    // sample's runs first after a block is up to libuv, so a sample may miss one block: block again.
    let busy = await app.inject({ url: '/api/v1/subscriptions' });
    for (let block = 0; block < 5 && busy.statusCode !== 503; block++) {
      await holdEventLoop(500);
      busy = await app.inject({ url: '/api/v1/subscriptions' });
    }
    expect([busy.statusCode, busy.json()]).toEqual([503, { error: MESSAGES.serverBusy }]);
  });
});

/** Blocks the event loop, then lets due timers (under-pressure's sample) run. */
async function holdEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy: nothing else runs meanwhile.
  }
  await new Promise((resolve) => setTimeout(resolve, 1));
}

function metrics() {
  return createMetrics({ token: METRICS_TOKEN, poolUsage: database.poolUsage });
}
