import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
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
 */
export async function registerUnderPressure(app: FastifyInstance, limits: PressureLimits) {
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    sampleInterval: limits.sampleIntervalMs,
    // Awaited: under-pressure carries on with the request once this resolves, and Fastify stops
    // it only if the reply has been sent by then.
    pressureHandler: async (_request, reply) => {
      await reply
        .status(503)
        .header('retry-after', String(limits.retryAfterSeconds))
        .send({ error: MESSAGES.serverBusy });
    },
  });
}
