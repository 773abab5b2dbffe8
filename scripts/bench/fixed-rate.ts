import { setTimeout as sleep } from 'node:timers/promises';
import type { KeepAlivePool } from './keep-alive-pool.ts';
import {
  countFailure,
  type LoadFailures,
  type LoadSample,
  planRequests,
  type Scenario,
} from './load.ts';

/** How often the scheduler wakes to send what is due (timers do not fire more precisely). */
const TICK_MS = 1;
/** Answers still outstanding this long after the last send are counted as failed. */
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * An open loop: request i is due at `i / rate` seconds and is sent then, whether or not earlier
 * ones have been answered, so a slow server cannot slow the load down (autocannon's
 * `overallRate` cannot do this: each connection sends its share of a second back to back and then
 * waits for the next second, which makes bursts at saturation). Latency is counted from the
 * moment a request was due, so time spent waiting for one of the pool's keep-alive connections
 * (all busy only when the server falls behind) counts against the server too.
 */
export async function runAtRate(options: {
  pool: KeepAlivePool;
  scenario: Scenario;
  tokens: readonly string[];
  /** Requests per second. */
  rate: number;
  seconds: number;
}): Promise<LoadSample> {
  const { pool } = options;
  const nextRequest = planRequests(options.scenario, options.tokens);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let outstanding = 0;
  const failures: LoadFailures = { byStatus: {}, byError: {} };
  const send = (due: number) => {
    const planned = nextRequest();
    const body = planned.body ?? '';
    const head = pool.head(planned.method, planned.path, {
      authorization: `Bearer ${planned.token}`,
      ...(planned.body && {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      }),
    });
    outstanding++;
    pool.send(head + body, (answer) => {
      outstanding--;
      if ('error' in answer) {
        errors++;
        countFailure(failures.byError, answer.error);
      } else if (answer.status >= 200 && answer.status < 300) {
        latencies.push(performance.now() - due);
      } else {
        non2xx++;
        countFailure(failures.byStatus, String(answer.status));
      }
    });
  };

  await pool.fill();
  const started = performance.now();
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  for (let i = 0; i < total; ) {
    const now = performance.now();
    for (; i < total && started + i * interval <= now; i++) send(started + i * interval);
    await sleep(TICK_MS);
  }
  const drainBy = performance.now() + DRAIN_TIMEOUT_MS;
  while (outstanding > 0 && performance.now() < drainBy) await sleep(TICK_MS);
  if (outstanding > 0) {
    errors += outstanding;
    failures.byError['no answer in 30 s'] = outstanding;
  }
  // Until the last answer: a server that falls behind answers fewer per second than offered.
  return {
    latencies,
    seconds: (performance.now() - started) / 1000,
    non2xx,
    errors,
    failures,
  };
}
