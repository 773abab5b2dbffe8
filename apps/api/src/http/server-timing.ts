import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** `performance.now()` when the request arrived; set by the Server-Timing hook. */
    receivedAt: number;
  }
}

/**
 * Adds `Server-Timing: app;dur=<ms>` to every response: the time from Fastify receiving the request
 * to the serialised reply, i.e. routing, authentication, queries and serialisation, without the
 * network. Browsers show it in their network panel; `npm run bench` reads it (docs/performance.md).
 * Own hooks rather than `reply.elapsedTime`, which stays 0 unless request logging is on.
 */
export function installServerTiming(app: FastifyInstance): void {
  app.decorateRequest('receivedAt', 0);
  app.addHook('onRequest', async (request) => {
    request.receivedAt = performance.now();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const ms = performance.now() - request.receivedAt;
    reply.header('server-timing', `app;dur=${ms.toFixed(2)}`);
    return payload;
  });
}
