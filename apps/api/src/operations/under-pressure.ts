import { getHeapStatistics } from 'node:v8';
import underPressure, { TYPE_EVENT_LOOP_DELAY } from '@fastify/under-pressure';
import { MESSAGES } from '@wellbank/domain';
import type { FastifyInstance } from 'fastify';

export interface PressureLimits {
  /** Mean event-loop delay over a sample past which new requests are refused. */
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes: number;
  sampleIntervalMs: number;
  retryAfterSeconds: number;
}

/** A second of lag means every request already waits a second; 90 % of the heap is near a crash. */
export const DEFAULT_PRESSURE_LIMITS: PressureLimits = {
  maxEventLoopDelayMs: 1000,
  maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
  sampleIntervalMs: 1000,
  retryAfterSeconds: 10,
};

/** Route config of the routes that answer even under pressure (liveness, metrics). */
export const ANSWERS_UNDER_PRESSURE = { pressureHandler: () => undefined };

/**
 * Past a limit, a request is refused at once with 503 `{error}` and `Retry-After` instead of
 * queueing behind the others until the process falls over; /readyz is refused too, so a load
 * balancer sends the traffic elsewhere meanwhile.
 *
 * The event loop is judged only on samples taken wholly after start-up: opening PGlite and
 * starting the job queue hold the loop for seconds, and the sample holding that lag used to
 * refuse the first second of requests (docs/performance.md). A sample covers `sampleIntervalMs`
 * and is acted on until the next, so the first one taken wholly after `onReady` is in force two
 * intervals after it at the latest. The heap is judged from the start.
 */
export async function registerUnderPressure(app: FastifyInstance, limits: PressureLimits) {
  let judgeDelayFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    judgeDelayFrom = performance.now() + 2 * limits.sampleIntervalMs;
  });
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    sampleInterval: limits.sampleIntervalMs,
    // Awaited: under-pressure carries on with the request once this resolves, and Fastify stops
    // it only if the reply has been sent by then.
    pressureHandler: async (_request, reply, type) => {
      if (type === TYPE_EVENT_LOOP_DELAY && performance.now() < judgeDelayFrom) return;
      await reply
        .status(503)
        .header('retry-after', String(limits.retryAfterSeconds))
        .send({ error: MESSAGES.serverBusy });
    },
  });
}
