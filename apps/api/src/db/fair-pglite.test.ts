import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FairPGlite } from './fair-pglite.ts';

describe('FairPGlite', () => {
  let client: FairPGlite;
  beforeAll(async () => {
    client = new FairPGlite();
    await client.waitReady;
  });
  afterAll(() => client.close());

  it('gives the event loop a turn between queued statements, so sockets are not starved', async () => {
    const events: string[] = [];
    // Each longer than a turn's share (TURN_MS), as a loaded server's queue is.
    const queued = Array.from({ length: 5 }, (_, i) =>
      client.query(`select pg_sleep(0.01), ${i}`).then(() => events.push(`query ${i}`)),
    );
    // Stands for a connection waiting to be accepted: it must not wait for the whole queue.
    setImmediate(() => events.push('turn'));
    await Promise.all(queued);
    // Plain PGlite answers all five in one turn: 'turn' would come only after the last.
    expect(events).toContain('turn');
    expect(events.indexOf('turn')).toBeLessThan(2);
    expect(events.at(-1)).toBe('query 4');
  });

  it('answers statements and transactions in the order they were asked for', async () => {
    const answers: number[] = [];
    await Promise.all([
      client.query<{ n: number }>('select 1 as n').then((r) => answers.push(r.rows[0]?.n ?? 0)),
      client
        .transaction((tx) => tx.query<{ n: number }>('select 2 as n'))
        .then((r) => answers.push(r.rows[0]?.n ?? 0)),
      client.exec('select 3 as n').then((r) => answers.push(r[0]?.rows[0]?.n ?? 0)),
    ]);
    expect(answers).toEqual([1, 2, 3]);
  });
});
