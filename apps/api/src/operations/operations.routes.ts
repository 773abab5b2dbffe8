import { MESSAGES } from '@wellbank/domain';
import type { FastifyInstance } from 'fastify';
import { isMetricsToken, type Metrics } from './metrics.ts';
import { failedChecks, type ReadinessCheck } from './readiness.ts';
import { ANSWERS_UNDER_PRESSURE } from './under-pressure.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Asked every few seconds by an orchestrator: not in the request log, not in the metrics. */
    probe?: boolean;
  }
}

/**
 * For the platform, not for users: liveness, readiness and Prometheus metrics (decision 0009), at
 * the root, outside the API (/api/v1) and its OpenAPI document.
 * Their answers name no user data; /readyz names the failed check, its detail goes to the log.
 */
export function operationsRoutes(
  app: FastifyInstance,
  options: { readiness: ReadinessCheck[]; metrics: Metrics | undefined },
) {
  const hide = { schema: { hide: true } };
  app.get(
    '/healthz',
    { ...hide, config: { probe: true, ...ANSWERS_UNDER_PRESSURE } },
    async () => ({ status: 'alive' }),
  );

  app.get('/readyz', { ...hide, config: { probe: true } }, async (request, reply) => {
    const failed = await failedChecks(options.readiness);
    if (failed.length === 0) return { status: 'ready' };
    request.log.warn({ failed }, 'not ready');
    const names = failed.map((check) => check.name).join(', ');
    return reply.status(503).send({ error: `Not ready: ${names}` });
  });

  app.get('/metrics', { ...hide, config: ANSWERS_UNDER_PRESSURE }, async (request, reply) => {
    const { metrics } = options;
    if (!metrics) return reply.status(404).send({ error: MESSAGES.notFound });
    if (!isMetricsToken(request.headers.authorization, metrics.token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: MESSAGES.notSignedIn });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
