import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { untouchedDeps } from '../test/untouched-deps.ts';
import { closeHttpServer, gracefulShutdown, type ShutdownStep } from './graceful-shutdown.ts';

const log = pino({ level: 'silent' });

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close().catch(() => {}));

/** The exit codes the handler asked for, and when the first came. */
function fakeExit() {
  const codes: number[] = [];
  let exited: (code: number) => void = () => {};
  const first = new Promise<number>((resolve) => {
    exited = resolve;
  });
  return {
    codes,
    first,
    exit: (code: number) => {
      codes.push(code);
      exited(code);
    },
  };
}

function shutdownWith(steps: ShutdownStep[], exit: (code: number) => void, timeoutMs = 5_000) {
  return gracefulShutdown({ log, steps, timeoutMs, flushLog: async () => {}, exit });
}

describe('gracefulShutdown', () => {
  it('finishes a request in flight, refuses new connections, closes the database, exits 0', async () => {
    const app = await buildApp({ db: database.db, jobs: untouchedDeps().jobs, appUrl: 'x' });
    let finishSlowRequest = () => {};
    let slowRequestArrived = () => {};
    const arrived = new Promise<void>((resolve) => {
      slowRequestArrived = resolve;
    });
    app.get('/slow', async () => {
      slowRequestArrived();
      await new Promise<void>((resolve) => {
        finishSlowRequest = resolve;
      });
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
    await arrived;

    const exit = fakeExit();
    const shutdown = shutdownWith(
      [
        { name: 'http', close: () => closeHttpServer(app) },
        { name: 'database', close: () => database.close() },
      ],
      exit.exit,
    );
    const done = shutdown('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(exit.codes).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

    finishSlowRequest();
    const response = await inFlight;
    expect([response.status, await response.json()]).toEqual([200, { finished: true }]);
    await done;
    expect(exit.codes).toEqual([0]);
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('exits 1 at the deadline when a step never finishes', async () => {
    const exit = fakeExit();
    const startedAt = performance.now();
    void shutdownWith(
      [{ name: 'stuck', close: () => new Promise(() => {}) }],
      exit.exit,
      300,
    )('SIGTERM');
    expect(await exit.first).toBe(1);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
  });

  it('closes the later steps when one fails, then exits 1; a second signal changes nothing', async () => {
    const exit = fakeExit();
    const closed: string[] = [];
    const shutdown = shutdownWith(
      [
        { name: 'failing', close: () => Promise.reject(new Error('boom')) },
        { name: 'database', close: async () => closed.push('database') },
      ],
      exit.exit,
    );
    await Promise.all([shutdown('SIGTERM'), shutdown('SIGINT')]);
    expect(closed).toEqual(['database']);
    expect(exit.codes).toEqual([1]);
  });
});
