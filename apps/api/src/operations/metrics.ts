import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUsage } from '../db/client.ts';
import type { JobStats } from '../jobs/job.ts';

export interface Metrics {
  /** GET /metrics answers this registry. */
  registry: Registry;
  /** The bearer token GET /metrics asks for (METRICS_TOKEN). */
  token: string;
}

/**
 * Node's own figures (event-loop lag `nodejs_eventloop_lag_seconds`, heap, GC, handles), the
 * database connections and the job queue's jobs by state (`failed`: failed for good), read when
 * scraped. Requests are counted by `installRequestMetrics`.
 */
export function createMetrics(options: {
  token: string;
  poolUsage: () => PoolUsage;
  jobStats?: () => Promise<JobStats>;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'wellbank_db_pool_connections',
    help: 'Database connections by state (PGlite: its one connection, total only)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      for (const [state, count] of Object.entries(options.poolUsage())) this.set({ state }, count);
    },
  });
  const { jobStats } = options;
  if (jobStats) {
    new Gauge({
      name: 'wellbank_jobs',
      help: 'Jobs of the queue by state, as of its last count (at most 10 s old)',
      labelNames: ['state'],
      registers: [registry],
      async collect() {
        for (const [state, count] of Object.entries(await jobStats())) this.set({ state }, count);
      },
    });
  }
  return { registry, token: options.token };
}

/**
 * One histogram observation per answered request, labelled by the route's template (never the raw
 * URL, which would make a series per id) and status; its `_count` is the request count. Probes
 * (`config.probe`) are left out.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to answering it, by route template and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.routeOptions.config.probe) return done();
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: reply.statusCode,
      },
      (performance.now() - request.receivedAt) / 1000,
    );
    done();
  });
}

/** Compares digests, so the time taken says nothing about how much of the token was right. */
export function isMetricsToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (given === undefined) return false;
  return timingSafeEqual(sha256(given), sha256(token));
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
