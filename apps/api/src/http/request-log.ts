import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, once it is answered: method, path (without the query), status and
 * the time inside the server. Fastify's own request logging writes two (received and completed); the two cost about
 * 0.02 ms of the 0.19 ms of CPU a read takes (docs/performance.md), and the first says nothing
 * the second does not.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Health probes come every few seconds and would drown the requests that matter.
    if (request.routeOptions.config.probe) return done();
    request.log.info(
      {
        method: request.method,
        // The path only: query strings carry e-mails, school codes and reset tokens
        // (/teams?email=…, /forgot-password/reset?token=…), which do not belong in logs.
        path: request.url.split('?', 1)[0],
        statusCode: reply.statusCode,
        ms: Math.round((performance.now() - request.receivedAt) * 100) / 100,
      },
      'request completed',
    );
    done();
  });
}
