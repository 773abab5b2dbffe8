import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
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
 * The keep-alive connections of one server's fixed-rate runs, opened once and kept from run to
 * run, as a proxy or a browser keeps them: a run that opened its own made each slice start with
 * `connections` handshakes, which showed as the slice's slowest tenth of a second. node:http's
 * agent rather than undici's pool, which took no less CPU per request here and kept each
 * request's objects past a young-generation collection: 12 MB promoted a second, and 15 ms
 * pauses of the load generator counted against the server (docs/performance.md).
 */
export function openRateAgent(connections: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: connections });
}

/**
 * An open loop: request i is due at `i / rate` seconds and is sent then, whether or not earlier
 * ones have been answered, so a slow server cannot slow the load down (autocannon's
 * `overallRate` cannot do this: each connection sends its share of a second back to back and then
 * waits for the next second, which makes bursts at saturation). Latency is counted from the
 * moment a request was due, so time spent waiting for one of the agent's keep-alive sockets (all
 * busy only when the server falls behind) counts against the server too.
 */
export async function runAtRate(options: {
  origin: string;
  agent: Agent;
  scenario: Scenario;
  tokens: readonly string[];
  /** Requests per second. */
  rate: number;
  seconds: number;
}): Promise<LoadSample> {
  const nextRequest = planRequests(options.scenario, options.tokens);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const failures: LoadFailures = { byStatus: {}, byError: {} };
  const outstanding = new Set<Promise<void>>();
  const send = (due: number) => {
    const planned = nextRequest();
    const answered = new Promise<void>((resolve) => {
      const sent = request(
        `${options.origin}${planned.path}`,
        {
          agent: options.agent,
          method: planned.method,
          headers: {
            authorization: `Bearer ${planned.token}`,
            ...(planned.body && { 'content-type': 'application/json' }),
          },
        },
        (response) => {
          response.resume();
          response.once('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) latencies.push(performance.now() - due);
            else {
              non2xx++;
              countFailure(failures.byStatus, String(status));
            }
            resolve();
          });
        },
      );
      sent.once('error', (error: Error & { code?: string }) => {
        errors++;
        countFailure(failures.byError, error.code ?? error.message);
        resolve();
      });
      sent.end(planned.body);
    });
    outstanding.add(answered);
    void answered.then(() => outstanding.delete(answered));
  };

  const started = performance.now();
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  for (let i = 0; i < total; ) {
    const now = performance.now();
    for (; i < total && started + i * interval <= now; i++) send(started + i * interval);
    await sleep(TICK_MS);
  }
  const drained = await Promise.race([
    Promise.all(outstanding).then(() => true),
    sleep(DRAIN_TIMEOUT_MS, false),
  ]);
  if (!drained) {
    errors += outstanding.size;
    failures.byError['no answer in 30 s'] = outstanding.size;
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
