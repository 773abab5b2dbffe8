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
  // Callback hooks, not async ones: they run on every request, and an async hook costs Fastify a
  // promise and a microtask turn each.
  app.addHook('onRequest', (request, _reply, done) => {
    request.receivedAt = performance.now();
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const ms = performance.now() - request.receivedAt;
    reply.header('server-timing', `app;dur=${ms.toFixed(2)}`);
    done(null, payload);
  });
}
