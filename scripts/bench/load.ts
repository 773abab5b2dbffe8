import { ACTIVITY_TYPES } from '@wellbank/domain';
import autocannon from 'autocannon';
import { createRandom, randomValues } from './random-day.ts';
import { percentiles } from './stats.ts';

/**
 * What went wrong in a run, named: answers other than 2xx counted by status, and requests that got
 * no answer counted by error (the socket's code, e.g. `ECONNRESET`, or autocannon's message, e.g.
 * "request timed out" after its 10 s), so a failed run says which failure it saw.
 */
export interface LoadFailures {
  byStatus: Record<string, number>;
  byError: Record<string, number>;
}

/** One autocannon run: the latency of each 2xx response as the client saw it, in ms. */
export interface LoadSample {
  latencies: number[];
  seconds: number;
  non2xx: number;
  errors: number;
  failures: LoadFailures;
  /**
   * Answers on the busiest connection (autocannon runs; the fixed-rate runs' pool honours a
   * server's `Connection: close`, and autocannon does not: docs/scaling.md).
   */
  mostOnOneConnection?: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Several runs of one server taken together. */
export function summarizeLoad(samples: readonly LoadSample[]): LoadResult {
  const latencies = samples.flatMap((sample) => sample.latencies);
  const seconds = samples.reduce((sum, sample) => sum + sample.seconds, 0);
  return {
    requests: latencies.length,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    ...percentiles(latencies),
    non2xx: samples.reduce((sum, sample) => sum + sample.non2xx, 0),
    errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
  };
}

interface PlannedRequest {
  method: 'GET' | 'PUT';
  path: string;
  body?: string;
}

export const SCENARIOS = ['write', 'read'] as const;
export type Scenario = (typeof SCENARIOS)[number];

const BODY_POOL_SIZE = 4096;

/**
 * The requests of a scenario, one user after another (round-robin over every token, across all
 * connections): `write` saves one of the eight activities with plausible values, `read` lists
 * today's activities. Bodies are made up front, so the load generator spends its time sending.
 */
export function planRequests(scenario: Scenario, tokens: readonly string[]) {
  const random = createRandom(42);
  const bodies: PlannedRequest[] = Array.from({ length: BODY_POOL_SIZE }, (_, i) => {
    if (scenario === 'read') return { method: 'GET', path: '/api/v1/activities' };
    const type = ACTIVITY_TYPES[i % ACTIVITY_TYPES.length] ?? 'water';
    const values = randomValues(type, random, random());
    const properties = Object.entries(values).map(([key, value]) => ({
      property_key: key,
      property_value: value,
    }));
    return {
      method: 'PUT',
      path: `/api/v1/activities/${type}`,
      body: JSON.stringify({ activity: { activity_type: type, properties } }),
    };
  });
  let next = 0;
  return () => {
    const i = next++;
    return { ...bodies[i % bodies.length], token: tokens[i % tokens.length] } as PlannedRequest & {
      token: string;
    };
  };
}

/** Runs autocannon against `origin` for `seconds` with `connections` keep-alive connections. */
export async function runLoad(options: {
  origin: string;
  scenario: Scenario;
  tokens: readonly string[];
  connections: number;
  seconds: number;
}): Promise<LoadSample> {
  const nextRequest = planRequests(options.scenario, options.tokens);
  const latencies: number[] = [];
  const failures: LoadFailures = { byStatus: {}, byError: {} };
  const perConnection = new Map<unknown, number>();
  const request = (base: autocannon.Request): autocannon.Request => {
    const planned = nextRequest();
    return {
      ...base,
      method: planned.method,
      path: planned.path,
      body: planned.body,
      headers: {
        authorization: `Bearer ${planned.token}`,
        ...(planned.body && { 'content-type': 'application/json' }),
      },
    };
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.origin,
        connections: options.connections,
        duration: options.seconds,
        requests: [{ setupRequest: request }],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      perConnection.set(client, (perConnection.get(client) ?? 0) + 1);
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else countFailure(failures.byStatus, String(statusCode));
    });
    instance.on('reqError', (error: Error & { code?: string }) => {
      countFailure(failures.byError, error.code ?? error.message);
    });
  });
  return {
    latencies,
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    failures,
    mostOnOneConnection: Math.max(0, ...perConnection.values()),
  };
}

export function countFailure(tally: Record<string, number>, key: string): void {
  tally[key] = (tally[key] ?? 0) + 1;
}

/** "503 ×2, ECONNRESET ×1", or "none". */
export function describeFailures(failures: LoadFailures): string {
  const parts = [...Object.entries(failures.byStatus), ...Object.entries(failures.byError)].map(
    ([what, n]) => `${what} ×${n}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'none';
}
